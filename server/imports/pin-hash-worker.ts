/**
 * Worker-thread entry of a card import's PIN hash thread (pin-hashes.ts; started by
 * import-service.ts beside the import's thread, on { port, cells, pinKey }, its workerData;
 * compiled to dist/server/pin-hash-worker.js for `npm start`). It answers the batches the import
 * posts until the service ends it with the import. It loads only node:crypto's HMAC, no SQLite.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import { pinKeyOf } from '../records/record-crypto';
import { answerPinHashes } from './pin-hashes';

const input = workerData as { port: MessagePort; cells: Int32Array; pinKey: string };
answerPinHashes(input.port, input.cells, pinKeyOf(Buffer.from(input.pinKey, 'hex')));
