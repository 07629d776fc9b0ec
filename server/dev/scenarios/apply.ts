/**
 * Putting a scenario (./catalogue.ts) in place, the same way for a running server (the control
 * API: `switchScenario`) and for its files while no server runs (`npm start -- --scenario`,
 * `npm run db:reset`: `resetFiles`): its JSON data replaces the data, the import records
 * (cards, stores, devices, uploads and error files of every program) are dropped and its own
 * imported, uploaded image files without a record go. The scenario in place is remembered
 * beside the data file (`<data dir>/scenario.json`, with its parameters), so a reset and a
 * later start without `--scenario` find it.
 */
import { readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { SCENARIO, type ScenarioName } from '@contracts/api/mock-scenarios';
import type { ServerConfig } from '../../config';
import { makePrivateDir, replaceDataFile } from '../../db/data-file';
import { clearSetupPending, markSetupPending } from '../../db/pending-setup';
import type { Data } from '../../db/schema';
import type { Store } from '../../db/store';
import { ImageFiles } from '../../images/image-files';
import { ImportService } from '../../imports/import-service';
import { SCENARIOS, baseData, scenarioNamed, type ScenarioDefinition } from './catalogue';

/** A scenario with its parameters (defaults filled in). */
export interface ScenarioChoice {
  name: ScenarioName;
  params: Record<string, unknown>;
}

/** The file beside the data file that remembers the scenario in place. */
export const SCENARIO_FILE = 'scenario.json';

/** A scenario name nobody defined, or parameters it does not take. */
export class ScenarioError extends Error {
  override name = 'ScenarioError';
}

export const scenarioNames = () => SCENARIOS.map((scenario) => scenario.name);

/** The scenario of a name with its parameters checked; throws ScenarioError. */
export function chooseScenario(name: string, params: unknown = {}): ScenarioChoice {
  const scenario = scenarioNamed(name);
  if (scenario === undefined) {
    throw new ScenarioError(
      `Unknown scenario "${name}"; the scenarios are: ${scenarioNames().join(', ')}`,
    );
  }
  const parsed = scenario.params.safeParse(params);
  if (!parsed.success) {
    throw new ScenarioError(
      `Scenario "${name}": ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'params'}: ${issue.message}`).join('; ')}`,
    );
  }
  return { name: scenario.name, params: parsed.data };
}

const scenarioFile = (dbFile: string) => path.join(path.dirname(dbFile), SCENARIO_FILE);

/** The scenario remembered beside the data file; demo when none is (or it is unreadable). */
export function currentScenario(dbFile: string): ScenarioChoice {
  try {
    const saved = JSON.parse(readFileSync(scenarioFile(dbFile), 'utf8')) as {
      name?: unknown;
      params?: unknown;
    };
    return chooseScenario(String(saved.name), saved.params ?? {});
  } catch {
    return { name: SCENARIO.demo, params: {} };
  }
}

async function remember(dbFile: string, choice: ScenarioChoice): Promise<void> {
  await writeFile(scenarioFile(dbFile), `${JSON.stringify(choice, null, 2)}\n`, { mode: 0o600 });
}

function definitionOf(choice: ScenarioChoice): ScenarioDefinition {
  const scenario = scenarioNamed(choice.name);
  if (scenario === undefined) throw new ScenarioError(`Unknown scenario "${choice.name}"`);
  return scenario;
}

/** The scenario's JSON data, built on the seed file. */
export async function scenarioData(choice: ScenarioChoice, seedFile: string): Promise<Data> {
  const scenario = definitionOf(choice);
  const seed = JSON.parse(await readFile(seedFile, 'utf8')) as Data;
  const data = scenario.wholeSeed === true ? seed : baseData(seed);
  scenario.build(data, choice.params);
  return data;
}

export interface SwitchDependencies {
  store: Store;
  imports: ImportService;
  config: Pick<ServerConfig, 'dbFile' | 'filesDir'>;
  seedFile: string;
}

/**
 * Switches a running server's data to a scenario. The JSON data is replaced in one store update
 * (a reader sees the old data or the new, never a mix), keeping the meta and
 * the sessions of users the new data still has: a signed-in developer stays signed in. The
 * caller makes sure no import runs (ImportService.dropAll refuses otherwise).
 */
export async function switchScenario(deps: SwitchDependencies, choice: ScenarioChoice) {
  const { store, imports, config } = deps;
  const next = await scenarioData(choice, deps.seedFile);
  await imports.dropAll();
  const users = new Set(next.users.map((user) => user.username));
  await store.update((draft) => {
    const sessions = draft.sessions.filter((session) => users.has(session.userName));
    Object.assign(draft, { ...next, meta: draft.meta, sessions });
  });
  await definitionOf(choice).records(imports, store.read(), choice.params);
  await new ImageFiles(config.filesDir).removeOrphans(
    new Set(store.read().images.map((image) => image.id)),
  );
  await remember(config.dbFile, choice);
}

export interface FilesConfig {
  dbFile: string;
  filesDir: string;
  recordsDir: string;
  importsDir: string;
  keysDir: string;
}

/**
 * Resets the data files to a scenario while no server runs on them (the caller holds the data
 * folder's lock): the data file written whole, the uploaded-files folder emptied, the records,
 * uploads, error files and keys dropped, then the scenario's records imported. Noted as pending
 * beside the data file until all of it is done (server/db/pending-setup.ts): a start after a
 * kill midway does it again.
 */
export async function resetFiles(
  config: FilesConfig,
  choice: ScenarioChoice,
  seedFile: string,
  logger: Logger,
): Promise<void> {
  const data = await scenarioData(choice, seedFile);
  await markSetupPending(config.dbFile, { kind: 'scenario', ...choice });
  await replaceDataFile(config.dbFile, `${JSON.stringify(data, null, 2)}\n`);
  await rm(config.filesDir, { recursive: true, force: true });
  await makePrivateDir(config.filesDir);
  for (const dir of [config.recordsDir, config.importsDir, config.keysDir]) {
    await rm(dir, { recursive: true, force: true });
  }
  // An empty records folder, not none: a start seeds the demo cards only where there is none.
  await makePrivateDir(config.recordsDir);
  const imports = ImportService.open({
    recordsDir: config.recordsDir,
    importsDir: config.importsDir,
    keysDir: config.keysDir,
    logger,
  });
  try {
    await definitionOf(choice).records(imports, data, choice.params);
  } finally {
    await imports.close();
  }
  await remember(config.dbFile, choice);
  await clearSetupPending(config.dbFile);
}
