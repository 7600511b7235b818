import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ImagePicker } from './ImagePicker';

beforeAll(() => {
  // jsdom has no object URLs; the picker only needs distinct strings for its previews.
  let n = 0;
  URL.createObjectURL = () => `blob:preview-${++n}`;
  URL.revokeObjectURL = () => undefined;
});

function Harness({
  kept: initial = ['/uploads/tours/a.jpg', '/uploads/tours/b.jpg'],
  progress = null as number | null,
}) {
  const [kept, setKept] = useState(initial);
  const [files, setFiles] = useState<File[]>([]);
  return (
    <>
      <ImagePicker kept={kept} onKeptChange={setKept} files={files} onFilesChange={setFiles} progress={progress} />
      <output data-testid="state">{JSON.stringify({ kept, files: files.map((f) => f.name) })}</output>
    </>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent!) as { kept: string[]; files: string[] };
const image = (name: string, type = 'image/png', size = 100) => new File([new Uint8Array(size)], name, { type });

describe('ImagePicker', () => {
  it('reorders and removes the kept images', () => {
    render(<Harness />);
    expect(screen.getAllByTestId('kept-image')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Move image 2 earlier' }));
    expect(state().kept).toEqual(['/uploads/tours/b.jpg', '/uploads/tours/a.jpg']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(state().kept).toEqual(['/uploads/tours/a.jpg']);
  });

  it('adds new images with previews after the kept ones and removes them', () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Add images'), {
      target: { files: [image('crater.png'), image('lodge.webp', 'image/webp')] },
    });
    expect(state().files).toEqual(['crater.png', 'lodge.webp']);
    expect(screen.getByRole('img', { name: 'New image crater.png' }).getAttribute('src')).toMatch(/^blob:preview-/);
    fireEvent.click(screen.getByRole('button', { name: 'Remove new image crater.png' }));
    expect(state().files).toEqual(['lodge.webp']);
  });

  it('refuses files that are not JPEG, PNG, WebP or GIF, larger than 10 MB, or beyond 10 per tour', () => {
    render(<Harness kept={Array.from({ length: 9 }, (_, i) => `/uploads/tours/${i}.jpg`)} />);
    fireEvent.change(screen.getByLabelText('Add images'), {
      target: { files: [image('notes.pdf', 'application/pdf'), image('huge.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1)] },
    });
    expect(screen.getByRole('alert').textContent).toBe(
      [
        'notes.pdf: only JPEG, PNG, WebP or GIF images',
        'huge.jpg: an image must be at most 10 MB',
        'A tour has at most 10 images',
      ].join('\n'),
    );
    expect(state().files).toEqual([]);
    fireEvent.change(screen.getByLabelText('Add images'), { target: { files: [image('ok.gif', 'image/gif')] } });
    expect(state().files).toEqual(['ok.gif']);
  });

  it('shows the upload progress and holds the file input while a save runs', () => {
    render(<Harness progress={40} />);
    expect(screen.getByRole('progressbar', { name: 'Image upload progress' }).getAttribute('aria-valuenow')).toBe('40');
    expect((screen.getByLabelText('Add images') as HTMLInputElement).disabled).toBe(true);
  });
});
