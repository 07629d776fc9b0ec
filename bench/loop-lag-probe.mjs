/**
 * Loaded into the real server by bench/imports.ts, outside the server's own code:
 * `node --import tsx --import ./bench/loop-lag-probe.ts server/index.ts`. It measures the
 * process's event-loop delay with `perf_hooks.monitorEventLoopDelay` (a 10 ms timer; the delay is
 * how late it fires). On SIGUSR2 it writes the figures since the previous signal to the JSON file
 * BENCH_LAG_FILE (through a rename, so a reader never sees half of it) and starts over.
 * Without BENCH_LAG_FILE it does nothing.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** What the probe writes: milliseconds. */
export interface LoopLag {
  p50: number;
  p99: number;
  max: number;
  samples: number;
}

const file = process.env.BENCH_LAG_FILE;
if (file !== undefined && file !== '') {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const lag: LoopLag = {
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
