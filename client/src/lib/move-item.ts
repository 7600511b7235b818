/** A copy of `list` with the item at `from` moved `by` places (-1 up, 1 down); the same list when that leaves it. */
export function moveItem<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  const next = [...list];
  const item = next[from];
  const other = next[to];
  if (item === undefined || other === undefined) return next;
  next[from] = other;
  next[to] = item;
  return next;
}
