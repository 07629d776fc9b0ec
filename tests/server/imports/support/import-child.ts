/**
 * Child process of the recovery test: imports a card upload with a delay per line, printing
 * `step <currentStep> <currentLine>` as it goes, until the test kills it (SIGKILL).
 * argv: recordsDir importsDir keysDir programId fileName
 */
import pino from 'pino';
import { ImportService } from '../../../../server/imports/import-service';

const [recordsDir = '', importsDir = '', keysDir = '', programId = '', fileName = ''] =
  process.argv.slice(2);
const service = ImportService.open({
  recordsDir,
  importsDir,
  keysDir,
  logger: pino({ level: 'silent' }),
  testHooks: { lineDelayMs: 2 },
});
setInterval(() => {
  const progress = service.progress('card', fileName);
  process.stdout.write(`step ${progress.currentStep} ${progress.currentLine}\n`);
}, 20);
void service.process('card', { programId: Number(programId), fileName, userFileName: 'big.txt' });
