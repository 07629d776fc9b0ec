/**
 * The project's folder: the nearest one holding package.json above this module. Found rather
 * than fixed, because this module runs from two places: server/ (the sources, under tsx or
 * jest) and dist/server/ (the compiled server that `npm start` runs, scripts/lib/build-server.mjs).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

function projectRootAbove(dir: string): string {
  for (let current = dir; ; current = path.dirname(current)) {
    if (existsSync(path.join(current, 'package.json'))) return current;
    if (path.dirname(current) === current) {
      throw new Error(`No package.json in ${dir} or any folder above it`);
    }
  }
}

export const PROJECT_ROOT = projectRootAbove(__dirname);
