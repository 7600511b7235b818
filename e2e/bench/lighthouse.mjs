// Lighthouse (mobile, its default emulation and throttling) on the built product: /, /tours and a
// tour page, each run LIGHTHOUSE_RUNS times (3), the run of median performance score reported with
// its four category scores and FCP, LCP and TBT. Prints figures, asserts nothing.
//
//   npm run bench:lighthouse            (also the last part of `npm run bench`)
//
// The bare page beside them is the home page's own HTML and stylesheet with every script removed,
// served gzipped by a node:http server: what the machine and this Chromium score for the page
// before any of the app's JavaScript (on a slow machine even a page with no script loses points).
// Also prints each page's JavaScript as loaded by the page (the scripts it requested before it was
// idle, compressed sizes as sent). LIGHTHOUSE_JSON=dir writes each median run's full report there.
// Chromium from CHROME_PATH, else CHROMIUM_PATH, else /usr/bin/chromium. Build first: npm run build.
// The audits wait for a quiet CPU first (LIGHTHOUSE_QUIET_WAIT_S, 120 s at most) and print what they found.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startApp } from './app.mjs';
import { median } from './median.mjs';
import { machineCpuMs } from './proc-cpu.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const JSON_DIR = process.env.LIGHTHOUSE_JSON;
const QUIET_WAIT_S = Number(process.env.LIGHTHOUSE_QUIET_WAIT_S ?? 120);

/** Kilobytes of JavaScript the page loaded, as transferred (compressed). */
function scriptKb(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const bytes = requests.filter((r) => r.resourceType === 'Script').reduce((n, r) => n + (r.transferSize ?? 0), 0);
  return bytes / 1024;
}

/**
 * One Lighthouse run in a Chromium of its own (several pages in one browser lose traces on a busy
 * machine: NO_NAVSTART). A run whose trace was lost anyway is run again, as Lighthouse asks, up to
 * twice; a run that fails for another reason, or three times, throws.
 */
async function audit(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url);
    } catch (e) {
      if (!(e instanceof TraceLost) || attempt === 3) throw e;
      console.log(`  ${url}: ${e.message}; running it again`);
    }
  }
}

class TraceLost extends Error {}

async function auditOnce(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  let result;
  try {
    result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
  } finally {
    chrome.kill();
  }
  const lhr = result.lhr;
  if (lhr.runtimeError) {
    const Failure = /^NO_NAVSTART|^NO_FCP|TRACE/.test(lhr.runtimeError.code ?? '') ? TraceLost : Error;
    throw new Failure(`${url}: ${lhr.runtimeError.message}`);
  }
  const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const ms = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const failed = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => lhr.audits[r.id]))
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => a.id);
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])),
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
    cls: ms('cumulative-layout-shift'),
    js: scriptKb(lhr),
    // Lighthouse's own measure of this machine's CPU speed (higher is faster), to compare machines.
    cpuIndex: lhr.environment?.benchmarkIndex ?? NaN,
    failed,
    lhr,
  };
}

/** The share of CPU time idle over the next second, across all cores (Linux /proc/stat); null elsewhere. */
async function idleShare() {
  if (!existsSync('/proc/stat')) return null;
  const a = machineCpuMs();
  await new Promise((r) => setTimeout(r, 1000));
  const b = machineCpuMs();
  return (b.idle - a.idle) / Math.max(1, b.idle + b.busy - a.idle - a.busy);
}

/**
 * Waits (at most QUIET_WAIT_S seconds) until the machine is at least 85% idle for three seconds in a
 * row. Total Blocking Time is CPU time at 4x slowdown: work left by an earlier step of the bench
 * (PostgreSQL vacuuming the tables it filled, a server still exiting) would be counted in it.
 */
async function waitForQuiet() {
  const started = Date.now();
  let quietSeconds = 0;
  let last = null;
  while (quietSeconds < 3 && Date.now() - started < QUIET_WAIT_S * 1000) {
    last = await idleShare();
    if (last === null) return 'CPU idle share unknown on this system';
    quietSeconds = last >= 0.85 ? quietSeconds + 1 : 0;
  }
  const waited = Math.round((Date.now() - started) / 1000);
  return quietSeconds >= 3
    ? `CPU ${Math.round(last * 100)}% idle before the audits (waited ${waited} s)`
    : `the machine stayed busy (last second ${Math.round(last * 100)}% idle after ${waited} s): TBT will read high`;
}

/**
 * Serves `html` with every script and module preload removed at `/`, and every other path from the
 * app (its stylesheet, fonts and images), gzipped as the app sends them. Each answer is prepared once
 * and kept: fetching and compressing it again on every request would slow the control's paint with
 * work the app itself does not do.
 */
async function startScriptlessCopy(appBase, html) {
  const scriptless = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
  const prepared = new Map([
    ['/', { status: 200, type: 'text/html; charset=utf-8', cache: 'no-cache', body: gzipSync(scriptless) }],
  ]);
  const prepare = async (url) => {
    const upstream = await fetch(appBase + url);
    return {
      status: upstream.status,
      type: upstream.headers.get('content-type') ?? 'application/octet-stream',
      cache: upstream.headers.get('cache-control') ?? 'no-cache',
      body: gzipSync(Buffer.from(await upstream.arrayBuffer())),
    };
  };
  const server = http.createServer(async (req, res) => {
    try {
      if (!prepared.has(req.url)) prepared.set(req.url, await prepare(req.url));
      const answer = prepared.get(req.url);
      res.writeHead(answer.status, {
        'content-type': answer.type,
        'cache-control': answer.cache,
        'content-encoding': 'gzip',
      });
      res.end(answer.body);
    } catch {
      res.writeHead(502).end();
    }
  });
  // Prepared before the audit starts, so that its first load meets no slower answer than the next.
  for (const url of new Set([...scriptless.matchAll(/(?:href|src)="(\/[^"]+)"/g)].map((m) => m[1])))
    prepared.set(url, await prepare(url));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance || a.lcp - b.lcp);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function benchLighthouse() {
  console.log(
    `\n=== Lighthouse (mobile), median of ${RUNS} ===  (load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  // Without a browser the launcher waits for one that never starts: say so and measure nothing.
  if (!existsSync(CHROME)) {
    console.log(`no Chromium at ${CHROME}: set CHROME_PATH (or install chromium) to measure the public pages`);
    return null;
  }
  // The demo catalogue on an embedded database, as a first start would have it.
  const app = await startApp('', { SEED_DEMO: 'true' });
  try {
    const tours = await (
      await fetch(`${app.base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ tours(first: 1, sort: CATALOGUE) { nodes { id } } }' }),
      })
    ).json();
    const pages = ['/', '/tours', `/tour/${tours.data.tours.nodes[0].id}`];
    // A running server has rendered each page many times: the first renders after a start (code not
    // yet optimised, caches empty) would otherwise be the server time every run measures.
    for (const p of pages) for (let i = 0; i < 30; i++) await (await fetch(app.base + p)).text();
    console.log(await waitForQuiet());
    const figures = [];
    for (const p of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(app.base + p).catch(() => audit(app.base + p)));
      const m = medianRun(runs);
      if (JSON_DIR) {
        mkdirSync(JSON_DIR, { recursive: true });
        writeFileSync(path.join(JSON_DIR, `${p === '/' ? 'home' : p.split('/')[1]}.json`), JSON.stringify(m.lhr));
      }
      const s = m.scores;
      console.log(
        `${p.padEnd(10)} performance ${String(s.performance).padStart(3)}  accessibility ${String(s.accessibility).padStart(3)}  ` +
          `best-practices ${String(s['best-practices']).padStart(3)}  SEO ${String(s.seo).padStart(3)}  | ` +
          `FCP ${(m.fcp / 1000).toFixed(2)} s  LCP ${(m.lcp / 1000).toFixed(2)} s  TBT ${Math.round(m.tbt)} ms  CLS ${m.cls.toFixed(3)}  JS ${m.js.toFixed(1)} KB gz` +
          `${m.failed.length ? `  | below 0.9: ${m.failed.join(', ')}` : ''}`,
      );
      const every = {
        performance: runs.map((r) => r.scores.performance),
        fcp: runs.map((r) => r.fcp),
      };
      console.log(
        `${''.padEnd(10)} every run, in order: performance ${every.performance.join(' / ')}, FCP ${every.fcp.map((f) => (f / 1000).toFixed(2)).join(' / ')} s`,
      );
      figures.push({ page: p, performance: s.performance, fcp: m.fcp, lcp: m.lcp, tbt: m.tbt, every, runs });
    }
    const copy = await startScriptlessCopy(app.base, await (await fetch(app.base + '/')).text());
    let bare;
    try {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(copy.base + '/'));
      const m = medianRun(runs);
      bare = {
        performance: m.scores.performance,
        fcp: m.fcp,
        tbt: m.tbt,
        every: runs.map((r) => r.scores.performance),
      };
      console.log(
        `${'bare /'.padEnd(10)} performance ${String(m.scores.performance).padStart(3)}  (the home page's HTML and CSS, no script)  | ` +
          `FCP ${(m.fcp / 1000).toFixed(2)} s  LCP ${(m.lcp / 1000).toFixed(2)} s  TBT ${Math.round(m.tbt)} ms; every run ${bare.every.join(' / ')}`,
      );
    } finally {
      copy.close();
    }
    const cpuIndex = median(figures.flatMap((f) => f.runs.map((r) => r.cpuIndex)));
    console.log(`Lighthouse's CPU benchmark index of this machine: ${Math.round(cpuIndex)} (higher is faster)`);
    return { pages: figures.map(({ runs, ...f }) => f), bare, cpuIndex };
  } finally {
    await app.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchLighthouse();
