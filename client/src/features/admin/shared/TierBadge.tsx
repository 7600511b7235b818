import { parseTiers } from '@tembea/schema';

/** The first tier of a tour's Tier text as a coloured badge (Luxury purple, Mid-range blue, Standard green, Budget orange). */
export function TierBadge({ tier }: { tier: string | null | undefined }) {
  const first = parseTiers(tier)[0] ?? '';
  const tone = first.toLowerCase().replace(/[^a-z]/g, '');
  return <span className={`badge tier-badge tier-badge--${tone}`}>{first}</span>;
}
