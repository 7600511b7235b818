import { useEffect, useRef, useState } from 'react';
import { PLACEHOLDER_IMAGE, resolveTourImage } from '@tembea/schema';
import { API_BASE } from '../lib/apollo';

/**
 * A tour's image by the spec's resolution rules; on a load failure it falls back to a placeholder
 * labelled 'Image Not Found', and with no image at all to one labelled 'No Image'.
 */
export function TourImage({ tour, className, alt, eager = false }: {
  tour: { bg?: string | null; images?: readonly string[] | null; title?: string | null };
  className?: string;
  alt?: string;
  eager?: boolean;
}) {
  const src = resolveTourImage(tour, API_BASE);
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // A server-rendered image may fail before React is there to hear its error event.
  useEffect(() => {
    if (img.current?.complete && img.current.naturalWidth === 0) setFailed(true);
  }, [src]);
  const missing = src === PLACEHOLDER_IMAGE;
  if (failed || missing) {
    return (
      <div
        className={`tour-image tour-image--fallback ${className ?? ''}`}
        data-testid="tour-image-fallback"
        // alt="" marks a decorative image (a card names the tour in its heading): an unnamed role="img" is an axe violation.
        {...(alt === '' ? { 'aria-hidden': true } : { role: 'img', 'aria-label': alt ?? tour.title ?? 'Tour' })}
      >
        <span>{missing ? 'No Image' : 'Image Not Found'}</span>
      </div>
    );
  }
  return (
    <img
      ref={img}
      className={`tour-image ${className ?? ''}`}
      src={src}
      alt={alt ?? tour.title ?? 'Tour'}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
