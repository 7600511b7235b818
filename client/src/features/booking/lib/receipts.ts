/** A ledger row as far as telling receipts from corrections goes. */
interface LedgerEntry {
  id: string;
  reversesId?: string | null;
}

/** How a row stands: counted, cancelled by a later reversing row, or itself the reversing row. */
export type EntryStanding<T> =
  { standing: 'counted' } | { standing: 'reversed' } | { standing: 'reversal'; original: T | undefined };

/**
 * Where a row stands among the booking's rows. A reversing row and the row it names cancel out, as
 * `ledgerTotals` counts them, so neither is a receipt for money paid or given back.
 */
export function entryStanding<T extends LedgerEntry>(entries: readonly T[], entry: T): EntryStanding<T> {
  if (entry.reversesId != null)
    return { standing: 'reversal', original: entries.find((e) => e.id === String(entry.reversesId)) };
  const reversed = entries.some((e) => e.reversesId != null && String(e.reversesId) === entry.id);
  return reversed ? { standing: 'reversed' } : { standing: 'counted' };
}

/** The rows that are receipts: every row but a reversing row and the row it reverses. */
export function receiptEntries<T extends LedgerEntry>(entries: readonly T[]): T[] {
  return entries.filter((e) => entryStanding(entries, e).standing === 'counted');
}
