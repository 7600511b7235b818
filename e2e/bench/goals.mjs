// The summary `npm run bench` ends with: each performance goal's figure from this run, next to the
// bare node:http + pg server's where there is one, and whether it is met. Prints, asserts nothing.

/** 'met', or 'NOT MET' with the parts that missed: [['ratio', true], ['p99', false]] is 'NOT MET (p99)'. */
const judge = (parts) => {
  const missed = parts.filter(([, met]) => !met).map(([name]) => name);
  return missed.length ? `NOT MET (${missed.join(', ')})` : 'met';
};
const ms = (v) => `${Math.round(v)} ms`;

/**
 * `figures` holds what the run measured (any part may be missing when it was not run):
 * cacheWhileBooking {quiet, busy (each rps, p99, hitRatio, machineCpuMs), ratio, rounds, size}, uncached [{name, a, b, size}], tax [{name, app, bare}],
 * lighthouse {pages [{page, performance, fcp, every: {performance[], fcp[]}}], bare {performance, tbt, every[]}, cpuIndex}, bookings {perSecond, barePerSecond, p50, p99, contendedMs, oversold}.
 */
export function printGoals({ cacheWhileBooking, uncached, tax, lighthouse, bookings }) {
  console.log(`\n=== The performance goals, from this run (Node ${process.version}) ===`);
  if (cacheWhileBooking) {
    const { quiet, busy, size, ratio, rounds } = cacheWhileBooking;
    console.log(
      `1. Cache warm while people book (${size} tours, 8 cached pages, 10 bookings/s, medians of ${rounds} rounds): ${busy.rps.toFixed(0)} req/s p99 ${busy.p99} ms ` +
        `vs ${quiet.rps.toFixed(0)} req/s quiet = ${ratio.toFixed(3)}× (goal ≥ 0.90×, p99 ≤ 20 ms): ${judge([
          ['ratio', ratio >= 0.9],
          ['p99', busy.p99 <= 20],
        ])}`,
    );
    console.log(
      `   cache hits while booking ${(100 * busy.hitRatio).toFixed(2)}% (quiet ${(100 * quiet.hitRatio).toFixed(2)}%); quiet p99 ${quiet.p99} ms; ` +
        `machine CPU per page ${busy.machineCpuMs.toFixed(3)} ms while booking, ${quiet.machineCpuMs.toFixed(3)} ms quiet`,
    );
  }
  if (uncached?.length) {
    console.log(
      `2. Framework tax, uncached pages (${uncached[0].size} tours; goal ≥ 0.85× the bare server, p99 ≤ 50 ms):`,
    );
    for (const r of uncached) {
      const ratio = r.a.rps / r.b.rps;
      console.log(
        `   ${r.name.padEnd(36)} app ${r.a.rps.toFixed(0)} req/s p99 ${r.a.p99} ms | bare ${r.b.rps.toFixed(0)} req/s p99 ${r.b.p99} ms | ${ratio.toFixed(3)}×: ${judge(
          [
            ['ratio', ratio >= 0.85],
            ['p99', r.a.p99 <= 50],
          ],
        )}`,
      );
    }
    for (const t of tax ?? []) {
      console.log(
        `   ${t.name.padEnd(36)} CPU per request: app ${t.app.perRequest.toFixed(2)} ms | bare ${t.bare.perRequest.toFixed(2)} ms`,
      );
    }
  }
  if (lighthouse?.pages.length) {
    console.log(
      '3. Public pages, Lighthouse mobile, every run back to back (goal performance ≥ 99, FCP ≤ 1.5 s in each):',
    );
    for (const l of lighthouse.pages) {
      console.log(
        `   ${l.page.padEnd(10)} performance ${l.every.performance.join(' / ')}, FCP ${l.every.fcp.map((f) => (f / 1000).toFixed(2)).join(' / ')} s: ${judge(
          [
            ['performance', Math.min(...l.every.performance) >= 99],
            ['FCP', Math.max(...l.every.fcp) <= 1500],
          ],
        )}`,
      );
    }
    if (lighthouse.bare)
      console.log(
        `   bare /     performance ${lighthouse.bare.every.join(' / ')} (the home page with no script, TBT ${ms(lighthouse.bare.tbt)}); ` +
          `Lighthouse's CPU index of this machine ${Math.round(lighthouse.cpuIndex)}`,
      );
  }
  if (bookings) {
    const b = bookings;
    console.log(
      `4. Bookings: ${b.perSecond.toFixed(0)} uncontended bookings/s, p50 ${b.p50} ms p99 ${b.p99} ms | bare ${b.barePerSecond.toFixed(0)}/s, ${(b.perSecond / b.barePerSecond).toFixed(2)}× (goal ≥ 300/s): ${judge([['rate', b.perSecond >= 300]])}; ` +
        `100 contended on one departure ${ms(b.contendedMs)} median (goal < 600 ms): ${judge([['time', b.contendedMs < 600]])}; oversold departures ${b.oversold}`,
    );
    console.log(
      `   CPU per booking: server ${b.cpu.process.toFixed(2)} ms (event loop ${b.cpu.main.toFixed(2)}) | bare ${b.bareCpu.process.toFixed(2)} ms; machine ${b.cpu.machine.toFixed(2)} | bare ${b.bareCpu.machine.toFixed(2)} ms`,
    );
  }
}
