// `npm run test:unit [-- <paths or jest options>]`: the client (jsdom) and server jest projects.
import { bin, run } from './lib/run.mjs';

// The caller's arguments first: after --selectProjects, a path would be read as one more
// project name and every unit test would run.
process.exit(
  await run(bin('jest'), [...process.argv.slice(2), '--selectProjects', 'client', 'server']),
);
