import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOUR_IMAGE_ACCEPT, TOUR_IMAGE_RULES } from '@tembea/schema';
import { ImagePicker, tourImageHint } from './ImagePicker';

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
/** The first bytes each image type starts with, as a real file of that type does. */
const HEADS: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/gif': [...'GIF89a'].map((c) => c.charCodeAt(0)),
  'image/webp': [...'RIFF\0\0\0\0WEBP'].map((c) => c.charCodeAt(0)),
  'image/avif': [...'\0\0\0\x1cftypavif'].map((c) => c.charCodeAt(0)),
};
const image = (name: string, type = 'image/png', size = 100) => {
  const bytes = new Uint8Array(size);
  bytes.set(HEADS[type] ?? []);
  return new File([bytes], name, { type });
};

describe('ImagePicker', () => {
  it('reorders and removes the kept images', () => {
    render(<Harness />);
    expect(screen.getAllByTestId('kept-image')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Move image 2 earlier' }));
    expect(state().kept).toEqual(['/uploads/tours/b.jpg', '/uploads/tours/a.jpg']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(state().kept).toEqual(['/uploads/tours/a.jpg']);
  });

  it('moves focus to the next Remove button after a removal, then to the file picker', async () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Add images'), { target: { files: [image('crater.png')] } });
    await waitFor(() => expect(state().files).toEqual(['crater.png']));
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    // The image that was second is first now: its Remove button takes the place of the one removed.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove image 1' })));
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove new image crater.png' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove new image crater.png' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Add images')));
  });

  it('adds new images with previews after the kept ones and removes them', async () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Add images'), {
      target: { files: [image('crater.png'), image('lodge.webp', 'image/webp')] },
    });
    await waitFor(() => expect(state().files).toEqual(['crater.png', 'lodge.webp']));
    expect(screen.getByRole('img', { name: 'New image crater.png' }).getAttribute('src')).toMatch(/^blob:preview-/);
    fireEvent.click(screen.getByRole('button', { name: 'Remove new image crater.png' }));
    expect(state().files).toEqual(['lodge.webp']);
  });

  it('refuses files that are not JPEG, PNG, WebP or GIF, larger than 10 MB, or beyond 10 per tour', async () => {
    render(<Harness kept={Array.from({ length: 9 }, (_, i) => `/uploads/tours/${i}.jpg`)} />);
    fireEvent.change(screen.getByLabelText('Add images'), {
      target: { files: [image('notes.pdf', 'application/pdf'), image('huge.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1)] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      [
        'notes.pdf: only JPEG, PNG, WebP, GIF or AVIF images',
        'huge.jpg: an image must be at most 10 MB',
        'A tour has at most 10 images',
      ].join('\n'),
    );
    expect(state().files).toEqual([]);
    fireEvent.change(screen.getByLabelText('Add images'), { target: { files: [image('ok.gif', 'image/gif')] } });
    await waitFor(() => expect(state().files).toEqual(['ok.gif']));
  });

  it('refuses a file that is not an image at selection, next to the picker, and adds no preview', async () => {
    render(<Harness kept={[]} />);
    const picker = screen.getByLabelText('Add images');
    // Named like a picture, but the browser says it is text.
    fireEvent.change(picker, { target: { files: [new File(['not a picture'], 'notes.png', { type: 'text/plain' })] } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^notes\.png: only .*images$/);
    expect(picker.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(state().files).toEqual([]);
    expect(screen.queryAllByTestId('new-image')).toHaveLength(0);
    expect(screen.queryByRole('img', { name: 'New image notes.png' })).toBeNull();
  });

  it('refuses a file the browser calls a PNG by its name when its bytes are not an image', async () => {
    render(<Harness kept={[]} />);
    fireEvent.change(screen.getByLabelText('Add images'), {
      target: { files: [new File(['just some notes, not a picture'], 'notes.png', { type: 'image/png' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('notes.png: only JPEG, PNG, WebP, GIF or AVIF images');
    expect(state().files).toEqual([]);
    expect(screen.queryAllByTestId('new-image')).toHaveLength(0);
  });

  it('offers and names exactly the image types of the shared rules', () => {
    render(<Harness />);
    const picker = screen.getByLabelText('Add images');
    expect(picker.getAttribute('accept')).toBe(TOUR_IMAGE_ACCEPT);
    expect(picker.getAttribute('accept')!.split(',')).toEqual([...TOUR_IMAGE_RULES.types]);
    const hint = document.getElementById(picker.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toBe(`${tourImageHint()} New images are added after the kept ones.`);
    for (const name of ['JPEG', 'PNG', 'WebP', 'GIF']) expect(hint.textContent).toContain(name);
    expect(hint.textContent).toContain('at most 10 MB each and 10 per tour.');
  });

  it('accepts an AVIF image, offers it in the picker and names it in the hint', async () => {
    render(<Harness kept={[]} />);
    const picker = screen.getByLabelText('Add images');
    expect(picker.getAttribute('accept')).toContain('image/avif');
    expect(document.getElementById(picker.getAttribute('aria-describedby')!)!.textContent).toContain('AVIF');
    fireEvent.change(picker, { target: { files: [image('kibo.avif', 'image/avif')] } });
    await waitFor(() => expect(state().files).toEqual(['kibo.avif']));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('img', { name: 'New image kibo.avif' })).toBeTruthy();
  });

  it('shows the upload progress and holds the file input while a save runs', () => {
    render(<Harness progress={40} />);
    expect(screen.getByRole('progressbar', { name: 'Image upload progress' }).getAttribute('aria-valuenow')).toBe('40');
    expect((screen.getByLabelText('Add images') as HTMLInputElement).disabled).toBe(true);
  });
});
