/**
 * The bench's yardstick (bench/api.ts): a bare Express 5 app, in its own process, answering
 * (res.json) the exact bytes the real server answered for each measured request. No auth, validation, security
 * headers, rate limiting or logging; a write parses its JSON body like the real one does.
 *
 * Usage: node --import tsx bench/bare-app.ts <answers.json>; prints `listening <port>`.
 * answers.json: [{ method, path, body }] with `path` without its query string.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import express from 'express';

export interface BareAnswer {
  method: 'GET' | 'PUT';
  path: string;
  body: string;
}

const file = process.argv[2];
if (file === undefined) throw new Error('bare-app: the answers file is missing');
const answers = JSON.parse(readFileSync(file, 'utf8')) as BareAnswer[];

const app = express();
app.disable('x-powered-by');
for (const answer of answers) {
  // Serialised per answer like any Express app's res.json; the same bytes as the real answer.
  const value: unknown = JSON.parse(answer.body);
  if (JSON.stringify(value) !== answer.body) {
    throw new Error(`bare-app: ${answer.path} would not answer the same bytes`);
  }
  if (answer.method === 'GET') {
    app.get(answer.path, (_req, res) => {
      res.json(value);
    });
  } else {
    app.put(answer.path, express.json(), (_req, res) => {
      res.json(value);
    });
  }
}

const server = app.listen(0, '127.0.0.1', () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
