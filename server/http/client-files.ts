/** The built client (dist/client), served when it exists; index.html at /. */
import { existsSync } from 'node:fs';
import express, { type RequestHandler } from 'express';

export function clientFiles(dir: string): RequestHandler | undefined {
  if (!existsSync(dir)) return undefined;
  return express.static(dir, { index: 'index.html', fallthrough: true, redirect: false });
}
