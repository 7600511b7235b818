import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  checkTourImageFiles,
  IMAGE_TYPE_NAMES,
  resolveImagePath,
  TOUR_IMAGE_ACCEPT,
  TOUR_IMAGE_RULES,
} from '@tembea/schema';
import { API_BASE } from '../../../../lib/apollo';
import { imageHead } from '../../../../lib/image-head';
import { moveItem } from '../../../../lib/move-item';
import { ProgressBar } from '../../../../components/ProgressBar';

/** "JPEG, PNG, WebP, GIF or AVIF, at most 10 MB each and 10 per tour.", from the shared rules the server checks too. */
export function tourImageHint(): string {
  const mb = TOUR_IMAGE_RULES.maxBytes / (1024 * 1024);
  return `${IMAGE_TYPE_NAMES}, at most ${mb} MB each and ${TOUR_IMAGE_RULES.maxPerTour} per tour.`;
}

export interface ImagePickerProps {
  /** Paths the tour keeps, in order. */
  kept: string[];
  onKeptChange(paths: string[]): void;
  /** New files to upload with the save. */
  files: File[];
  onFilesChange(files: File[]): void;
  /** Upload progress of the running save, 0-100. */
  progress: number | null;
}

/** The tour's images: kept ones (reorder, remove) and new files with previews, checked before sending. */
export function ImagePicker({ kept, onKeptChange, files, onFilesChange, progress }: ImagePickerProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews]);

  const section = useRef<HTMLFieldSetElement>(null);

  /**
   * After a removal the focused button is gone: focus goes to the Remove button now in its place
   * (the next image), else the last one left, else the file picker, rather than to the page.
   */
  const focusAfterRemoving = (position: number) =>
    requestAnimationFrame(() => {
      const removes = section.current?.querySelectorAll<HTMLElement>('[data-remove]') ?? [];
      (removes[Math.min(position, removes.length - 1)] ?? input.current)?.focus();
    });
  const removeKept = (i: number) => {
    onKeptChange(kept.filter((_, j) => j !== i));
    focusAfterRemoving(i);
  };
  const removeFile = (i: number) => {
    onFilesChange(files.filter((_, j) => j !== i));
    focusAfterRemoving(kept.length + i);
  };

  const moveKept = (i: number, by: -1 | 1) => {
    onKeptChange(moveItem(kept, i, by));
  };
  const pick = async (list: FileList | null) => {
    const picked = [...(list ?? [])];
    if (input.current) input.current.value = '';
    const heads = await Promise.all(picked.map(imageHead));
    const described = picked.map((f, i) => ({ name: f.name, type: f.type, size: f.size, head: heads[i] }));
    const errors = checkTourImageFiles(described, kept.length + files.length);
    setProblems(errors);
    if (errors.length === 0) onFilesChange([...files, ...picked]);
  };

  return (
    <fieldset className="tour-form__section" ref={section}>
      <legend>Images</legend>
      {kept.length === 0 && files.length === 0 ? <p className="tour-form__hint">No images yet.</p> : null}
      <ul className="image-picker">
        {kept.map((path, i) => (
          <li key={path} className="image-picker__item" data-testid="kept-image">
            <img src={resolveImagePath(path, API_BASE)} alt={`Image ${i + 1}`} />
            <div className="admin-actions">
              <button
                type="button"
                className="btn btn--ghost btn--small"
                disabled={i === 0}
                onClick={() => moveKept(i, -1)}
                aria-label={`Move image ${i + 1} earlier`}
              >
                ←
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--small"
                disabled={i === kept.length - 1}
                onClick={() => moveKept(i, 1)}
                aria-label={`Move image ${i + 1} later`}
              >
                →
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--small"
                onClick={() => removeKept(i)}
                aria-label={`Remove image ${i + 1}`}
                data-remove
              >
                Remove
              </button>
            </div>
          </li>
        ))}
        {files.map((f, i) => (
          <li key={previews[i]} className="image-picker__item image-picker__item--new" data-testid="new-image">
            <img src={previews[i]} alt={`New image ${f.name}`} />
            <div className="admin-actions">
              <button
                type="button"
                className="btn btn--ghost btn--small"
                onClick={() => removeFile(i)}
                aria-label={`Remove new image ${f.name}`}
                data-remove
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="admin-field">
        <label htmlFor={inputId}>Add images</label>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={TOUR_IMAGE_ACCEPT}
          onChange={(e) => void pick(e.target.files)}
          disabled={progress !== null}
          aria-describedby={problems.length ? `${inputId}-hint ${inputId}-problems` : `${inputId}-hint`}
        />
        <p className="tour-form__hint" id={`${inputId}-hint`}>
          {tourImageHint()} New images are added after the kept ones.
        </p>
        {problems.length ? (
          <p className="tour-form__errors" role="alert" id={`${inputId}-problems`}>
            {problems.join('\n')}
          </p>
        ) : null}
      </div>
      {progress !== null ? <ProgressBar label="Image upload progress" percent={progress} /> : null}
    </fieldset>
  );
}
