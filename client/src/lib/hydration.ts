import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React hydrates server HTML (and in a server render), true afterwards and in a page
 * rendered in the browser alone. Values only the browser knows (stored tokens, media queries) wait
 * for it, so the first render matches the server's markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
