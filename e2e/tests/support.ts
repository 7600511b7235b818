/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Helpers shared by the browser tests: accounts, GraphQL calls, tours by title, and the mail folder.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4310);
/** Where the server under test saves outgoing mail as .eml files (no SMTP_URL). */
export const MAIL_DIR = path.resolve(import.meta.dirname, `../.data-${PORT}/mail`);

export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** A GraphQL call; throws the first error's message. */
export async function gql<T>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const res = await request.post('/graphql', {
    data: { query, variables },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors[0]?.message);
  return body.data as T;
}

export async function registerViaApi(request: APIRequestContext, name: string, email: string, password: string) {
  await gql(request, 'mutation($input: RegisterInput!) { register(input: $input) { message } }', {
    input: { name, email, password, phone: '+255 754 000 111' },
  });
}

/** Logs in over GraphQL and returns the access token. */
export async function loginViaApi(request: APIRequestContext, email: string, password: string): Promise<string> {
  const data = await gql<{ login: { accessToken: string } }>(
    request,
    'mutation($input: LoginInput!) { login(input: $input) { accessToken } }',
    {
      input: { email, password },
    },
  );
  return data.login.accessToken;
}

/** Logs in on /login and waits for the 'Welcome!' alert. */
export async function loginViaUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alertdialog', { name: 'Welcome!' })).toBeVisible();
}

export interface ListedTour {
  id: string;
  title: string;
  status: string;
  priceText: string | null;
  price: number | null;
}
const TOUR_FIELDS = 'id title status priceText price';

/** The first tour of the catalogue matching a filter. */
export async function firstTour(request: APIRequestContext, filter: Record<string, unknown>): Promise<ListedTour> {
  const data = await gql<{ tours: { nodes: ListedTour[] } }>(
    request,
    `query($f: TourFilter) { tours(filter: $f, first: 1) { nodes { ${TOUR_FIELDS} } } }`,
    { f: filter },
  );
  const tour = data.tours.nodes[0];
  if (!tour) throw new Error(`No tour matches ${JSON.stringify(filter)}`);
  return tour;
}

/** A demo tour by its title. */
export async function tourByTitle(request: APIRequestContext, title: string): Promise<ListedTour> {
  const data = await gql<{ tours: { nodes: ListedTour[] } }>(
    request,
    `{ tours(first: 100) { nodes { ${TOUR_FIELDS} } } }`,
  );
  const tour = data.tours.nodes.find((t) => t.title === title);
  expect(tour, title).toBeTruthy();
  return tour!;
}

/** Reads the newest .eml sent to `to` (and containing `including`), with quoted-printable soft breaks and escapes decoded. */
export function newestMailTo(to: string, including = ''): string | null {
  let files: string[];
  try {
    files = readdirSync(MAIL_DIR).filter((f) => f.endsWith('.eml'));
  } catch {
    return null;
  }
  const mails = files
    .map((f) => path.join(MAIL_DIR, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    .map((f) =>
      readFileSync(f, 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    );
  return mails.find((m) => m.includes(to) && m.includes(including)) ?? null;
}

/**
 * Answers the page's documents with the SPA shell, as when a server render falls back: the page
 * then loads its data in the browser, where a test can make those requests fail.
 */
export async function renderInBrowser(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    return route.fulfill({ response: await route.fetch({ url: new URL('/login', route.request().url()).href }) });
  });
}

/** axe's serious and critical violations on the page as it is now, one line each (empty when clean). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { AxeBuilder } = await import('@axe-core/playwright');
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
