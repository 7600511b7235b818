import type { FeeRowKind, OvernightKind } from '@tembea/schema';

/** How the admin screens name a night spent inside a protected area. */
export const OVERNIGHT_LABELS: Record<OvernightKind, string> = {
  CONCESSION: 'Concession lodge or camp',
  CAMPING: 'Camping',
  HUT: 'Mountain hut',
};

/** How the fee schedule editor names each kind of fee. */
export const FEE_KIND_LABELS: Record<FeeRowKind, string> = {
  ENTRY_PEAK: 'Entry per 24 h, peak season',
  ENTRY_LOW: 'Entry per 24 h, low season',
  CONCESSION: 'Concession per night',
  CAMPING: 'Camping per night',
  HUT: 'Hut per night',
  VISIT: 'Once per visit (rescue)',
};
