import { useEffect, useRef, useState } from 'react';
import { PLACEHOLDER_IMAGE, resolveTourImage, imageSrcSet } from '@tembea/schema';
import { API_BASE } from '../lib/apollo';

/**
 * A tour's image as resolveTourImage picks it; on a load failure it falls back to a placeholder
 * labelled 'Image Not Found', and with no image at all to one labelled 'No Image'. A photo the
 * server stored comes in two widths (`sizes`: the slot's width); the 8:5 width and height keep its
 * place before it loads. `eager` for images in the first screenful, `priority` for the page's
 * largest one.
 */
export function TourImage({
  tour,
  className,
  alt,
  eager = false,
  priority = false,
  sizes = '100vw',
}: {
  tour: { bg?: string | null; images?: readonly string[] | null; title?: string | null };
  className?: string;
  alt?: string;
  eager?: boolean;
  priority?: boolean;
  sizes?: string;
}) {
  const src = resolveTourImage(tour, API_BASE);
  const srcSet = imageSrcSet(src);
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // A server-rendered image may fail before React is there to hear its error event. A loaded
  // image with no width is either broken or a tiny picture offered at a high srcset density, so a
  // plain probe of the chosen file decides; it is served from the browser cache. (decode() is no
  // test: it also rejects when the browser picks another srcset candidate while decoding.)
  useEffect(() => {
    const el = img.current;
    if (!el?.complete || el.naturalWidth > 0) return;
    const probe = new Image();
    let current = true;
    probe.onerror = () => {
      if (current) setFailed(true);
    };
    probe.src = el.currentSrc || el.src;
    return () => {
      current = false;
      probe.onerror = null;
    };
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
      srcSet={srcSet ?? undefined}
      sizes={srcSet ? sizes : undefined}
      width={800}
      height={500}
      alt={alt ?? tour.title ?? 'Tour'}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
