/** A bounded load on loopback: `requests` calls, `concurrency` at a time; rate and latencies. */

export interface Result {
  name: string;
  requests: number;
  concurrency: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
}

export async function measure(
  name: string,
  requests: number,
  concurrency: number,
  send: () => Promise<Response>,
): Promise<Result> {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, requests) }, async () => {
      while (next < requests) {
        next += 1;
        const t0 = performance.now();
        const answer = await send();
        await answer.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!answer.ok) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return {
    name,
    requests,
    concurrency,
    seconds,
    perSecond: requests / seconds,
    p50: pct(0.5),
    p95: pct(0.95),
    p99: pct(0.99),
    failures,
  };
}

/** One goal of the bench as its section measured it, for the summary at the end of the run. */
export interface Goal {
  /** What is measured, with the goal's value (e.g. "GET /api/programs >= 80% of a bare app"). */
  goal: string;
  /** The figure measured, as printed (e.g. "84%"). */
  measured: string;
  met: boolean;
}

export const verdict = (met: boolean): string => (met ? 'met' : 'NOT met');
