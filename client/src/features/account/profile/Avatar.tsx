import { useState } from 'react';
import { resolveImagePath } from '@tembea/schema';
import { API_BASE } from '../../../lib/apollo';
import { initials } from '../name';
import '../account.css';

/** The user's picture, or their initials when there is none or it fails to load. */
export function Avatar({
  name,
  image,
  size = 40,
  className,
}: {
  name: string;
  image: string | null;
  size?: number;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = image ? (image.startsWith('blob:') ? image : resolveImagePath(image, API_BASE)) : null;
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (src && failed !== src) {
    return (
      <img className={`avatar ${className ?? ''}`} src={src} alt="" style={style} onError={() => setFailed(src)} />
    );
  }
  return (
    <span className={`avatar avatar--initials ${className ?? ''}`} style={style} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
