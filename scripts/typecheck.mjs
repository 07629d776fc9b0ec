// `npm run typecheck`: the types of every source and test, checked as `npm test` checks them.
import { run, TYPECHECK } from './lib/run.mjs';

process.exit(await run(...TYPECHECK));
