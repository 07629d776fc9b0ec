/**
 * The demo stores (server/imports/samples/stores.txt) of the demo program, imported on a first
 * start and by db:reset the way an operator imports a store file (upload, then process through
 * the import service), so the seeded merchant site's store locator has stores to find and the
 * scheme's summary lists the file.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { DEMO_CARD_PROGRAM_ID } from '../records/demo-cards';
import { ImportService } from './import-service';
import { sampleFileOf } from './sample-files';
import { writeImportFile } from './sealed-file';

export const DEMO_STORE_FILE = sampleFileOf('store');
const DEMO_STORE_FILE_NAME = 'demo-stores.txt';

export interface DemoStoreDirs {
  recordsDir: string;
  importsDir: string;
  keysDir: string;
}

/** Imports the demo stores for the demo program; the number of stores imported. */
export async function seedDemoStores(dirs: DemoStoreDirs, logger: Logger): Promise<number> {
  const service = ImportService.open({ ...dirs, logger });
  try {
    return await importDemoStores(service);
  } finally {
    await service.close();
  }
}

/** Imports the demo stores through an open import service (the `demo` scenario). */
export async function importDemoStores(service: ImportService): Promise<number> {
  const fileName = service.newUploadName();
  const target = path.join(service.uploadsDir, fileName);
  // Written as an operator's upload is: owner-only, sealed if store uploads are.
  await writeImportFile(target, createReadStream(DEMO_STORE_FILE), service.uploadKeyFor('store'));
  await service.registerUpload({
    fileName,
    programId: DEMO_CARD_PROGRAM_ID,
    userFileName: DEMO_STORE_FILE_NAME,
    kind: 'store',
    bytes: (await stat(target)).size,
    createdDate: Math.floor(Date.now() / 1000),
  });
  const answer = await service.process('store', {
    programId: DEMO_CARD_PROGRAM_ID,
    fileName,
    userFileName: DEMO_STORE_FILE_NAME,
  });
  if (answer.totalErrorLines > 0) {
    throw new Error(`${DEMO_STORE_FILE}: ${answer.totalErrorLines} lines refused`);
  }
  return answer.totalSuccessLines;
}
