import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/** Until the page itself runs (its layout marks the document); at once on a page without the app. */
async function appRunning(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.documentElement.dataset.app === 'ready' || !document.getElementById('root'),
  );
}

/**
 * Playwright's test, with page.goto and page.reload returning once the page's app runs. A
 * server-rendered page fetches its app after its first paint, which on a busy machine can come after
 * the load event Playwright waits for: a click before then would reach the server's HTML, not React.
 * With scripts off there is no app to wait for.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await appRunning(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await appRunning(page);
        return response;
      };
    }
    await use(page);
  },
});
