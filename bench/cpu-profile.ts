/**
 * Where the server's CPU went: a `node --cpu-prof` profile's busy samples (idle left out) by
 * component, from each sample's own function (self time). `npm run bench -- --api` prints it
 * when BENCH_CPU_PROF=<dir> is set; `npx tsx bench/cpu-profile.ts <file.cpuprofile>` alone.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
}

/** Components, first match wins: [name, test on the function's script URL]. */
const COMPONENTS: [string, RegExp][] = [
  ['token checks', /jsonwebtoken|\/jws\/|\/jwa\/|server\/auth\/tokens/],
  ['hashes (ETag sha1, token HMAC)', /^node:internal\/crypto/],
  ['rate limiter', /express-rate-limit|ip-address|server\/http\/rate-limit/],
  ['request log', /\/pino|sonic-boom|@pinojs|server\/http\/logging/],
  ['security headers', /helmet|server\/http\/security/],
  ['static files', /serve-static|\/send\/|server\/http\/client-files/],
  ['validation (zod)', /\/zod\/|server\/http\/validate/],
  ['body parser', /body-parser|raw-body|type-is|iconv-lite/],
  ['data store', /lowdb|server\/db\//],
  ['routes and auth (server/)', /\/server\//],
  [
    'express and router',
    /node_modules\/(express|router|path-to-regexp|parseurl|etag|fresh|finalhandler)\//,
  ],
  ['node http and sockets', /^node:(_http|net|internal\/stream|internal\/http|events|stream)/],
];

/** The source maps of the compiled server's files (`<file>.js.map`), by script URL. */
const sourceMaps = new Map<string, SourceMap | undefined>();

/**
 * The source file a frame's code comes from: through the script's source map when it has one
 * (the compiled server is one bundle; its map names each TypeScript file), else its own URL.
 */
function sourceOf(frame: ProfileNode['callFrame']): string {
  if (!frame.url.startsWith('file:')) return frame.url;
  if (!sourceMaps.has(frame.url)) {
    const mapFile = `${fileURLToPath(frame.url)}.map`;
    sourceMaps.set(
      frame.url,
      existsSync(mapFile)
        ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMapPayload)
        : undefined,
    );
  }
  const entry = sourceMaps.get(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber);
  return entry !== undefined && 'originalSource' in entry ? entry.originalSource : frame.url;
}

export async function cpuBreakdown(file: string): Promise<[string, number][]> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    const frame = byId.get(id)?.callFrame;
    if (frame === undefined || frame.functionName === '(idle)') continue;
    busy += 1;
    const name =
      frame.url === ''
        ? frame.functionName === 'writev' || frame.functionName === 'writeUtf8String'
          ? 'node http and sockets'
          : frame.functionName === 'stat'
            ? 'static files'
            : `native: ${frame.functionName}`
        : (COMPONENTS.find(([, test]) => test.test(sourceOf(frame)))?.[0] ?? 'other JavaScript');
    totals.set(name, (totals.get(name) ?? 0) + 1);
  }
  return [...totals]
    .map(([name, samples]): [string, number] => [name, samples / Math.max(busy, 1)])
    .sort((a, b) => b[1] - a[1]);
}

export function printBreakdown(label: string, breakdown: [string, number][]): void {
  console.log(`  CPU of ${label}, busy samples by component (self time):`);
  for (const [name, share] of breakdown.filter(([, s]) => s >= 0.005)) {
    console.log(`    ${(share * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
}

if (process.argv[1]?.endsWith('cpu-profile.ts') && process.argv[2] !== undefined) {
  const file = process.argv[2];
  void cpuBreakdown(file).then((breakdown) => printBreakdown(file, breakdown));
}
