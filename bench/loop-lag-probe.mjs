// Loaded into the real server by bench/imports.ts, outside the server's own code:
// `node --import ./bench/loop-lag-probe.mjs dist/server/index.js`. It measures the main thread's
// event-loop delay with `perf_hooks.monitorEventLoopDelay` (a 10 ms timer; the delay is how late
// it fires). On SIGUSR2 it writes the figures since the previous signal to the JSON file
// BENCH_LAG_FILE (through a rename, so a reader never sees half of it) and starts over: p50, p99
// and max in milliseconds, and the samples (bench/imports.ts LoopLag). Without BENCH_LAG_FILE,
// and in the server's worker threads (which inherit the option), it does nothing. Plain
// JavaScript, so the compiled server needs no TypeScript loader for it.
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_LAG_FILE;
if (isMainThread && file !== undefined && file !== '') {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const lag = {
      p50: histogram.percentile(50) / 1e6,
      p99: histogram.percentile(99) / 1e6,
      max: histogram.max / 1e6,
      samples: histogram.count,
    };
    writeFileSync(`${file}.tmp`, JSON.stringify(lag));
    renameSync(`${file}.tmp`, file);
    histogram.reset();
  });
}
