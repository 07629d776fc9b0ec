/**
 * Scenarios and reset of the developer tools (docs/developer-tools.md):
 *
 *   GET  /__mock/scenarios          ScenarioList: every scenario and the current one
 *   POST /__mock/scenarios/{name}   switch to it (optional body: its parameters, e.g. the sizes
 *                                   of `large`); ScenarioList. 404 unknown name, 400 a parameter
 *                                   it does not take, 409 while an import runs
 *   POST /__mock/reset              back to the current scenario; ScenarioList; 409 likewise
 *
 * A switch or reset runs one at a time (a second waits for the first). The scenarios and the
 * way they are put in place: server/dev/scenarios/.
 */
import { type Router } from 'express';
import { z } from 'zod';
import { MOCK_PATHS } from '@contracts/api/mock';
import type { ScenarioList } from '@contracts/api/mock-scenarios';
import { SEED_FILE, type ServerConfig } from '../../config';
import type { Store } from '../../db/store';
import { ERROR_CODE } from '@contracts/api/constants';
import { HttpError, notFound, validationError } from '../../http/errors';
import { validate } from '../../http/validate';
import type { ImportService } from '../../imports/import-service';
import {
  chooseScenario,
  currentScenario,
  ScenarioError,
  switchScenario,
  type ScenarioChoice,
} from '../scenarios/apply';
import { SCENARIOS, scenarioNamed } from '../scenarios/catalogue';
import type { Recordings } from './recordings';
import { recordedRouter } from '../../http/route-table';

export interface Scenarios {
  router: Router;
  /** The built-in scenario the data is on (a recording's is the one it was made on). */
  current(): ScenarioChoice;
}

export interface ScenariosDependencies {
  store: Store;
  config: ServerConfig;
  imports: ImportService;
  /** The recordings, switched to like scenarios (./recordings.ts). */
  recordings?: () => Recordings | undefined;
}

/** What a switch refuses while an import runs (its records would be dropped midway). */
export const IMPORT_RUNNING_MESSAGE = 'An import is running: switch or reset once it has finished';

const nameParams = z.object({ name: z.string() });
/** The body of a switch: the scenario's parameters, checked by the scenario itself. */
const switchBody = z.record(z.string(), z.unknown()).optional();
/** A reset takes nothing (an empty JSON object at most). */
const noBody = z.object({}).strict();

export function createScenarios(deps: ScenariosDependencies): Scenarios {
  const router = recordedRouter();
  let current: ScenarioChoice = currentScenario(deps.config.dbFile);
  /** The recording in place, when one is. */
  let replaying: string | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const recordings = () => deps.recordings?.();

  const list = async (): Promise<ScenarioList> => {
    // As it is now: the files are read after.
    const now = replaying ?? current.name;
    // A file that cannot be used is not a scenario (GET /__mock/recordings lists it, and why).
    const saved = ((await recordings()?.savedList()) ?? []).flatMap((read) =>
      read.problem === undefined
        ? [{ name: read.name, description: read.description, recorded: true }]
        : [],
    );
    return {
      current: now,
      scenarios: [...SCENARIOS.map(({ name, description }) => ({ name, description })), ...saved],
    };
  };

  /**
   * Puts a scenario in place after any switch already under way. `choose` is called when this
   * run starts, so a reset puts back the scenario current then (one a switch queued before it
   * put in place), not the one current when it was asked. `placed` runs in the same turn, once
   * the data is in place (the recording's state), so the next run reads both as this one left them.
   */
  const put = (choose: () => ScenarioChoice, placed: () => void): Promise<void> => {
    const run = queue.then(async () => {
      if (deps.imports.importing) {
        throw new HttpError(409, ERROR_CODE.CONFLICT, IMPORT_RUNNING_MESSAGE);
      }
      const choice = choose();
      await switchScenario(
        { store: deps.store, imports: deps.imports, config: deps.config, seedFile: SEED_FILE },
        choice,
      );
      current = choice;
      placed();
    });
    queue = run.catch(() => undefined);
    return run;
  };

  router.get(MOCK_PATHS.scenarios, async (_req, res) => {
    res.json(await list());
  });

  router.post(
    MOCK_PATHS.scenario,
    validate({ params: nameParams, body: switchBody }),
    async (req, res) => {
      const { name } = req.params;
      if (scenarioNamed(name) === undefined) {
        // A file that cannot be used is refused here (400 naming it), before anything changes.
        const file = recordings()?.saved(name);
        if (file === undefined) throw notFound(`No scenario is named "${name}"`);
        // The data the recording was made on, and its answers on top.
        let from: ScenarioChoice;
        try {
          from = chooseScenario(String(file.from.name), file.from.params);
        } catch (error) {
          if (error instanceof ScenarioError) throw validationError('from', error.message);
          throw error;
        }
        await put(
          () => from,
          () => {
            recordings()?.replayFrom(file);
            replaying = name;
          },
        );
        res.json(await list());
        return;
      }
      let choice: ScenarioChoice;
      try {
        choice = chooseScenario(name, req.body ?? {});
      } catch (error) {
        if (error instanceof ScenarioError) throw validationError('params', error.message);
        throw error;
      }
      await put(
        () => choice,
        () => {
          recordings()?.replayFrom(undefined);
          replaying = undefined;
        },
      );
      res.json(await list());
    },
  );

  router.post(MOCK_PATHS.reset, validate({ body: noBody }), async (_req, res) => {
    // What is current when the reset runs (after any switch queued before it).
    let file: ReturnType<Recordings['saved']>;
    await put(
      () => {
        // Read first: a file edited meanwhile into one that cannot be used changes nothing (400).
        file = replaying === undefined ? undefined : recordings()?.saved(replaying);
        return current;
      },
      () => {
        // A recording starts over: its answers are served from the first again. One whose file
        // was removed meanwhile ends, leaving the scenario it was made on.
        if (replaying !== undefined) {
          recordings()?.replayFrom(file);
          if (file === undefined) replaying = undefined;
        }
      },
    );
    res.json(await list());
  });

  return { router, current: () => current };
}
