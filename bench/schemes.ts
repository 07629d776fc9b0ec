/**
 * The scheme calls' speed goal, part of `npm run bench`: the scheme list (`GET
 * /gift-card/schemes?programTypeId=1`) within 20% of the journal profile list's rate, and a
 * configuration update (`PUT /gift-card/configurations/{id}`) within 20% of a journal profile
 * update's. As ratios measured in the same run on the same server, pair by pair, for
 * BENCH_SCHEME_ROUNDS (3) rounds with the order swapped every round, printing the median ratio.
 */
import { JOURNAL_PATHS, type JournalProfile } from '../contracts/api/journal';
import { PROGRAM_TYPE, SCHEME_PATHS, type Config } from '../contracts/api/schemes';
import { measure, type Result } from './measure';

const ROUNDS = Math.max(3, Number(process.env.BENCH_SCHEME_ROUNDS ?? 3));
/** Within 20% of the journal call's rate. */
const GOAL = 0.8;

interface Pair {
  name: string;
  /** The scheme call measured. */
  scheme: () => Promise<Result>;
  /** The journal call it is compared with. */
  journal: () => Promise<Result>;
}

export interface SchemeVerdict {
  name: string;
  ratio: number;
  met: boolean;
  failures: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export async function benchSchemeCalls(
  base: string,
  signedIn: Record<string, string>,
  requests: number,
  concurrency: number,
): Promise<SchemeVerdict[]> {
  const json = { ...signedIn, 'Content-Type': 'application/json' };
  const get = async <T>(apiPath: string): Promise<T> => {
    const answer = await fetch(`${base}/api${apiPath}`, { headers: signedIn });
    if (!answer.ok) throw new Error(`bench: GET ${apiPath} answered ${answer.status}`);
    return (await answer.json()) as T;
  };
  const profile = await get<JournalProfile>(JOURNAL_PATHS.profile(1));
  // A demo gift scheme with a configuration (the seed gives every demo scheme one).
  const config = await get<Config>(SCHEME_PATHS.configuration(1));
  const writes = Math.min(requests, 1000);
  let n = 0;

  const pairs: Pair[] = [
    {
      name: 'scheme list vs profile list',
      scheme: () =>
        measure('GET scheme list', requests, concurrency, () =>
          fetch(`${base}/api${SCHEME_PATHS.schemes}?programTypeId=${PROGRAM_TYPE.GIFT}`, {
            headers: signedIn,
          }),
        ),
      journal: () =>
        measure('GET profile list', requests, concurrency, () =>
          fetch(`${base}/api${JOURNAL_PATHS.profiles}?page=1&pageSize=1000`, {
            headers: signedIn,
          }),
        ),
    },
    {
      name: 'configuration update vs profile update',
      // Every body differs (the standard card count), as a real edit would.
      scheme: () =>
        measure('PUT configuration', writes, concurrency, () =>
          fetch(`${base}/api${SCHEME_PATHS.configuration(1)}`, {
            method: 'PUT',
            headers: json,
            body: JSON.stringify({ ...config, numberStandCards: 1 + ((n += 1) % 1000) }),
          }),
        ),
      journal: () =>
        measure('PUT profile', writes, concurrency, () =>
          fetch(`${base}/api${JOURNAL_PATHS.profile(1)}?returnBody=true`, {
            method: 'PUT',
            headers: json,
            body: JSON.stringify({ ...profile, keywords: `bench ${(n += 1)}` }),
          }),
        ),
    },
  ];

  const verdicts: SchemeVerdict[] = [];
  console.log(
    `Scheme calls against their journal counterparts (${ROUNDS} rounds, x${concurrency})`,
  );
  for (const pair of pairs) {
    const ratios: number[] = [];
    let failures = 0;
    for (let round = 1; round <= ROUNDS; round += 1) {
      let scheme: Result;
      let journal: Result;
      if (round % 2 === 1) {
        scheme = await pair.scheme();
        journal = await pair.journal();
      } else {
        journal = await pair.journal();
        scheme = await pair.scheme();
      }
      failures += scheme.failures + journal.failures;
      ratios.push(scheme.perSecond / journal.perSecond);
      console.log(
        `  round ${round} ${scheme.name.padEnd(18)} ${scheme.perSecond.toFixed(0).padStart(6)} req/s | ${journal.name.padEnd(16)} ${journal.perSecond.toFixed(0).padStart(6)} req/s`,
      );
    }
    const ratio = median(ratios);
    const met = ratio >= GOAL && failures === 0;
    verdicts.push({ name: pair.name, ratio, met, failures });
    console.log(
      `  ${pair.name.padEnd(40)} ${(ratio * 100).toFixed(0).padStart(4)}% of the journal call's rate  goal >= ${GOAL * 100}%: ${met ? 'met' : 'NOT met'}${failures ? `  FAILURES ${failures}` : ''}`,
    );
  }
  return verdicts;
}
