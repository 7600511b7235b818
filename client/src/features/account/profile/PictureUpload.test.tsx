import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOT_AN_IMAGE, TOKEN_KEY } from '@tembea/schema';
import { PictureUpload } from './PictureUpload';
import { fakeJwt, mockClient, Providers, TEST_USER } from '../../../test/auth';

beforeAll(() => {
  // jsdom has no object URLs; the preview only needs a string.
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});

async function renderSignedIn() {
  localStorage.setItem(TOKEN_KEY, fakeJwt({ sub: '7', role: 'user', exp: Math.floor(Date.now() / 1000) + 900 }));
  const mock = mockClient(() => ({ data: { me: TEST_USER } }));
  render(
    <Providers client={mock.client}>
      <PictureUpload />
    </Providers>,
  );
  return (await screen.findByLabelText('Profile picture')) as HTMLInputElement;
}

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

describe('PictureUpload', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('refuses at selection a file named .png whose bytes are not an image, and offers no upload', async () => {
    const picker = await renderSignedIn();
    const notes = new File(['these are my travel notes'], 'me.png', { type: 'image/png' });
    fireEvent.change(picker, { target: { files: [notes] } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(NOT_AN_IMAGE);
    expect(picker.getAttribute('aria-describedby')).toBe(alert.id);
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Upload Picture' })).toBeNull();
  });

  it('takes a real image and offers to upload it', async () => {
    const picker = await renderSignedIn();
    const photo = new File([new Uint8Array([...PNG_HEAD, ...new Uint8Array(200)])], 'me.png', { type: 'image/png' });
    fireEvent.change(picker, { target: { files: [photo] } });
    expect(await screen.findByRole('button', { name: 'Upload Picture' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(picker.getAttribute('aria-invalid')).toBeNull();
  });
});
