import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limit.js';

// The machine's Redis (stack.md: 127.0.0.1:6379 on development and CI machines).
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = () => `tembea-test:${randomBytes(6).toString('hex')}:`;

const opened: RateLimiter[] = [];
function redis(p = prefix()): RedisRateLimiter {
  const l = new RedisRateLimiter(REDIS_URL, p);
  opened.push(l);
  return l;
}
afterAll(async () => {
  await Promise.all(opened.map((l) => l.close()));
});

describe.each([
  ['memory', () => new MemoryRateLimiter()],
  ['redis', () => redis()],
] as const)('%s limiter', (_name, make) => {
  it('counts hits and refuses past the limit, with the seconds left', async () => {
    const l = make();
    for (let i = 1; i <= 3; i++) expect(await l.hit('k', 3, 60_000)).toMatchObject({ count: i, allowed: true });
    const over = await l.hit('k', 3, 60_000);
    expect(over).toMatchObject({ count: 4, allowed: false });
    expect(over.retryAfterSeconds).toBeGreaterThan(55);
    expect(over.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('a lockout starts its window again at the limit; a quota keeps the window of its first hit', async () => {
    const l = make();
    await l.hit('lock', 2, 1_000);
    await l.hit('quota', 2, 1_000, 'quota');
    await sleep(600);
    // The limit-th hit, 600 ms into a 1 s window.
    expect(await l.hit('lock', 2, 1_000)).toMatchObject({ allowed: true, retryAfterSeconds: 1 });
    expect(await l.hit('quota', 2, 1_000, 'quota')).toMatchObject({ allowed: true });
    await sleep(500);
    // 1.1 s after the first hits: the quota's window has ended, the lockout's runs on.
    expect(await l.hit('quota', 2, 1_000, 'quota')).toMatchObject({ count: 1, allowed: true });
    expect(await l.hit('lock', 2, 1_000)).toMatchObject({ count: 3, allowed: false });
  });

  it('check does not count, and says whether one more hit is allowed', async () => {
    const l = make();
    expect(await l.check('c', 2)).toEqual({ count: 0, allowed: true, retryAfterSeconds: 0 });
    await l.hit('c', 2, 60_000);
    expect(await l.check('c', 2)).toMatchObject({ count: 1, allowed: true });
    await l.hit('c', 2, 60_000);
    const full = await l.check('c', 2);
    expect(full).toMatchObject({ count: 2, allowed: false });
    expect(full.retryAfterSeconds).toBeGreaterThan(0);
    expect((await l.check('c', 2)).count).toBe(2);
  });

  it('reset clears a key and leaves the others', async () => {
    const l = make();
    await l.hit('a', 5, 60_000);
    await l.hit('b', 5, 60_000);
    await l.reset('a');
    expect((await l.check('a', 5)).count).toBe(0);
    expect((await l.check('b', 5)).count).toBe(1);
  });

  it('counts parallel hits exactly', async () => {
    const l = make();
    const states = await Promise.all(Array.from({ length: 40 }, () => l.hit('p', 10, 60_000)));
    expect(states.map((s) => s.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(states.filter((s) => s.allowed)).toHaveLength(10);
  });

  it('gives a hit back: one less in the window, never below nothing', async () => {
    const l = make();
    await l.hit('g', 5, 60_000);
    const second = await l.hit('g', 5, 60_000);
    await l.hit('g', 5, 60_000);
    await second.giveBack();
    expect(await l.check('g', 5)).toMatchObject({ count: 2, allowed: true });
    const only = await l.hit('h', 5, 60_000);
    await only.giveBack();
    expect(await l.check('h', 5)).toEqual({ count: 0, allowed: true, retryAfterSeconds: 0 });
    await only.giveBack();
    expect((await l.hit('h', 5, 60_000)).count).toBe(1);
  });

  it('a hit given back that reached the limit takes back the time it added to the window', async () => {
    const l = make();
    await l.hit('r', 2, 3_000);
    await sleep(1_200);
    const reached = await l.hit('r', 2, 3_000);
    expect(reached.retryAfterSeconds).toBe(3);
    await reached.giveBack();
    expect(await l.check('r', 2)).toMatchObject({ count: 1, allowed: true, retryAfterSeconds: 2 });
  });
});

describe('memory limiter windows', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('forgets a key when its window ends', async () => {
    vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') });
    const l = new MemoryRateLimiter();
    await l.hit('w', 2, 10_000);
    vi.setSystemTime(new Date('2025-01-01T00:00:09Z'));
    expect((await l.check('w', 2)).count).toBe(1);
    vi.setSystemTime(new Date('2025-01-01T00:00:10Z'));
    expect((await l.check('w', 2)).count).toBe(0);
    expect(await l.hit('w', 2, 10_000)).toMatchObject({ count: 1, allowed: true });
  });

  it('restarts the window when the limit is reached, so a lockout lasts a whole window', async () => {
    vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') });
    const l = new MemoryRateLimiter();
    await l.hit('lock', 2, 60_000);
    vi.setSystemTime(new Date('2025-01-01T00:00:50Z'));
    const reached = await l.hit('lock', 2, 60_000);
    expect(reached).toMatchObject({ count: 2, allowed: true, retryAfterSeconds: 60 });
    vi.setSystemTime(new Date('2025-01-01T00:01:30Z'));
    expect(await l.check('lock', 2)).toMatchObject({ allowed: false, retryAfterSeconds: 20 });
  });
});

describe('redis limiter', () => {
  it('shares counters between instances with the same prefix only', async () => {
    const p = prefix();
    const one = redis(p);
    const two = redis(p);
    const other = redis();
    await one.hit('login', 3, 60_000);
    await two.hit('login', 3, 60_000);
    expect((await one.check('login', 3)).count).toBe(2);
    expect((await other.check('login', 3)).count).toBe(0);
  });

  it('lets the key expire with its window', async () => {
    const l = redis();
    await l.hit('short', 5, 300);
    expect((await l.check('short', 5)).count).toBe(1);
    await expect.poll(async () => (await l.check('short', 5)).count, { timeout: 5_000, interval: 100 }).toBe(0);
  });

  it('lets requests through when Redis cannot be reached rather than locking everyone out', async () => {
    const l = new RedisRateLimiter('redis://127.0.0.1:1', prefix());
    try {
      const hit = await l.hit('k', 1, 60_000);
      expect(hit.allowed).toBe(true);
      await hit.giveBack();
      expect((await l.check('k', 1)).allowed).toBe(true);
    } finally {
      await l.close();
    }
  });
});
