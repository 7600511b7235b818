/**
 * The only script of a server-rendered page. The page is whole without scripts (its HTML and style
 * sheets), so its app is fetched once the page has shown its content: the app's chunks (the entry,
 * which hydrates, and the page's screen) then never compete with the document, the style sheets
 * and the first screen's pictures for the page's first paint. The server lists those chunks in
 * `data-modules`. The SPA shell loads the entry itself, as index.html says.
 */
const modules = document.querySelector<HTMLScriptElement>('script[data-modules]')?.dataset.modules?.split(' ') ?? [];

function start(): void {
  // A failed screen chunk is retried (or the page reloaded) by the app when it asks for it.
  for (const m of modules) import(/* @vite-ignore */ m).catch(() => {});
}

/**
 * Once the browser reports the page's first contentful paint (where it reports paints), else after
 * the next frame; at once in a hidden tab, which paints nothing.
 */
function afterPaint(): void {
  if (document.visibilityState === 'hidden') return start();
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint'))
    return void requestAnimationFrame(() => setTimeout(start, 0));
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
}

afterPaint();
