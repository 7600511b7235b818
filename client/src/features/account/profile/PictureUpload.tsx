import { useEffect, useId, useRef, useState } from 'react';
import { useAuth } from '../../../auth/AuthProvider';
import { UPLOAD_PROFILE_IMAGE } from '../../../auth/api/auth.operations';
import { uploadWithProgress } from '../../../auth/upload';
import { errorMessage } from '../../../lib/errors';
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

  const choose = (picked: File | undefined) => {
    setSaved(false);
    setError(null);
    if (!picked) return;
    if (!picked.type.startsWith('image/')) {
      setFile(null);
      setPreview(null);
      setError('Please choose an image file.');
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
          onChange={(e) => choose(e.target.files?.[0])}
          disabled={progress !== null}
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
          <div className="account-message account-message--error" role="alert">
            <strong>Upload failed</strong>
            <p>{error}</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
