import { useEffect, useId, useRef, useState } from 'react';
import { imageKindOf, NOT_AN_IMAGE } from '@tembea/schema';
import { useAuth } from '../../../auth/AuthProvider';
import { UPLOAD_PROFILE_IMAGE } from '../../../auth/api/auth.operations';
import { uploadWithProgress } from '../../../auth/upload';
import { errorMessage } from '../../../lib/errors';
import { imageHead } from '../../../lib/image-head';
import { Avatar } from './Avatar';
import { ProgressBar } from '../../../components/ProgressBar';

/** Profile picture: pick an image, see it, upload it with a progress bar. */
export function PictureUpload() {
  const { user, refreshUser } = useAuth();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  if (!user) return null;

  const choose = async (picked: File | undefined) => {
    setSaved(false);
    setError(null);
    if (!picked) return;
    // Judged by its first bytes, as the server judges it: a text file renamed .png is refused here.
    if (!picked.type.startsWith('image/') || !imageKindOf(await imageHead(picked))) {
      setFile(null);
      setPreview(null);
      setError(NOT_AN_IMAGE);
      if (input.current) input.current.value = '';
      return;
    }
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  };

  const upload = async () => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      await uploadWithProgress(UPLOAD_PROFILE_IMAGE, {}, file, setProgress);
      await refreshUser().catch(() => null);
      setFile(null);
      setPreview(null);
      setSaved(true);
      if (input.current) input.current.value = '';
    } catch (e) {
      setError(errorMessage(e, 'Failed to upload picture.'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="picture-upload">
      <Avatar name={user.name} image={preview ?? user.profileImage} size={96} className="picture-upload__avatar" />
      <div className="picture-upload__controls">
        <label htmlFor={inputId}>Profile picture</label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/*"
          onChange={(e) => void choose(e.target.files?.[0])}
          disabled={progress !== null}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        {file ? (
          <button type="button" className="btn btn--primary" onClick={upload} disabled={progress !== null}>
            {progress !== null ? 'Uploading...' : 'Upload Picture'}
          </button>
        ) : null}
        {progress !== null ? <ProgressBar label="Upload progress" percent={progress} /> : null}
        {saved ? (
          <p className="account-message account-message--success" role="status">
            Profile picture updated.
          </p>
        ) : null}
        {error ? (
          <div className="account-message account-message--error" role="alert" id={`${inputId}-error`}>
            <strong>Upload failed</strong>
            <p>{error}</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
