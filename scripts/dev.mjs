// `npm run dev`: the server restarting on change (tsx watch, PORT, default 3000) and the client
// with hot reload (webpack-dev-server on DEV_CLIENT_PORT, default 8080, proxying the API). React
// Fast Refresh swaps an edited component in place, keeping its state (webpack.config.ts).
import { bin, run } from './lib/run.mjs';

const port = process.env.PORT ?? '3000';
const code = await run(
  bin('concurrently'),
  [
    '--kill-others-on-fail',
    '--names',
    'server,client',
    `${bin('tsx')} watch --clear-screen=false server/index.ts`,
    `${bin('webpack')} serve --mode development`,
  ],
  { env: { PORT: port, DEV_API_TARGET: `http://localhost:${port}` } },
);
process.exit(code);
