import { imageSrcSet } from '@tembea/schema';

/**
 * One of the home page's illustrations (public/art, rendered from the demo catalogue's SVG sources
 * by `npm run demo-images -w server`), offered in both its widths: `sizes` says how wide its slot
 * is, so a phone's card loads the small copy. Decorative: the text beside it says what it shows.
 * `priority` for the page's largest image, fetched first; every other one loads as it comes near.
 */
export function ArtImage({
  name,
  sizes,
  className,
  priority = false,
}: {
  name: string;
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  const src = `/art/${name}.webp`;
  return (
    <img
      className={className}
      src={src}
      srcSet={imageSrcSet(src) ?? undefined}
      sizes={sizes}
      alt=""
      width={800}
      height={500}
      decoding="async"
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
