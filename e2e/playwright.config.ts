import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4310);

/** Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium), else Playwright's own download. */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return undefined;
}

export const ADMIN_EMAIL = 'e2e-admin@tembea.example';
export const ADMIN_PASSWORD = 'e2e-Admin-password-42';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] } },
    // Several server processes, faults and restarts (no browser): one file at a time, as each starts
    // its own servers. Needs the machine's PostgreSQL and Redis, and PostgreSQL's binaries.
    { name: 'operations', testDir: './operations', workers: 1, timeout: 300_000, retries: 0 },
  ],
  webServer: {
    command: 'node serve.mjs',
    url: `http://127.0.0.1:${PORT}/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // The webhook test's receiver listens on this machine; internal targets are refused unless allowed.
      WEBHOOK_ALLOW_INTERNAL_TARGETS: 'true',
    },
  },
});
