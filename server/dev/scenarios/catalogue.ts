/**
 * The scenarios (docs/developer-tools.md): named data sets a developer switches
 * to (`npm start -- --scenario <name>`, `POST /__mock/scenarios/{name}`) and resets to. Each is
 * built from the building blocks (./blocks.ts, ./record-blocks.ts) the pact provider states
 * call too, with its own names as their parameters.
 *
 * A scenario builds on the base: the seed's users and reference data (lookups, page type
 * catalogues, card BINs), with no client, scheme, site or image. `demo` is the whole seed.
 * `build` makes the JSON data (synchronously, on a plain object); `records` then imports its
 * cards and stores through the import service, on records emptied before.
 */
import { z } from 'zod';
import { PROGRAM_TYPE } from '@contracts/api/constants';
import {
  SCENARIO,
  type LargeScenarioParams,
  type ScenarioName,
} from '@contracts/api/mock-scenarios';
import type { Data } from '../../db/schema';
import type { Snapshot } from '../../db/store';
import { importDemoStores } from '../../imports/demo-stores';
import type { ImportService } from '../../imports/import-service';
import { DEMO_CARD_FILE, DEMO_CARD_PROGRAM_ID, readSmallCardFile } from '../../records/demo-cards';
import {
  ALL_STEPS,
  NO_STEPS,
  giftProgram,
  journalProfile,
  scheme,
  type SchemeParams,
  type SchemeProgramType,
  type SchemeSteps,
} from './blocks';
import { cardParams, importCards } from './record-blocks';

export interface ScenarioDefinition<P extends Record<string, unknown> = Record<string, unknown>> {
  name: ScenarioName;
  /** One sentence: what the data set holds (GET /__mock/scenarios; docs/developer-tools.md). */
  description: string;
  /** Its parameters (all optional, with defaults): the body of POST /__mock/scenarios/{name}. */
  params: z.ZodType<P>;
  /** The whole seed instead of the base (demo). */
  wholeSeed?: boolean;
  /** Adds the scenario's records to the base data. */
  build(data: Data, params: P): void;
  /** Imports its cards, stores and devices (the records are empty when this runs). */
  records(imports: ImportService, data: Snapshot, params: P): Promise<void>;
}

/** The collections a scenario starts empty (everything but the users and reference data). */
const OWN_DATA = [
  'sessions',
  'images',
  'clients',
  'programs',
  'journalProfiles',
  'journalPages',
  'moduleCodes',
  'deployments',
  'merchantProfiles',
  'merchantSelectedPages',
  'merchantSelectedSubPages',
  'merchantPublishes',
  'configurations',
  'financialSettlements',
  'liabilityReportConfigs',
  'baseCampaignActions',
] as const satisfies readonly (keyof Data)[];

/** The seed's users and reference data only. */
export function baseData(seed: Data): Data {
  const data: Data = structuredClone(seed);
  for (const key of OWN_DATA) data[key] = [];
  return data;
}

const noParams = z.object({}).strict();
const nothingToImport = async () => undefined;
/** When the scenarios' records were made (fixed, so a data set is the same every time). */
const CREATED = '2026-01-05T09:00:00.000Z';

/** The parameters of a scenario scheme of a brand (client `<brand> Client`, BIN 9990NN). */
function brandScheme(
  brand: string,
  programTypeId: SchemeProgramType,
  steps: SchemeSteps,
  binNumber: string,
): SchemeParams {
  const gift = programTypeId === PROGRAM_TYPE.GIFT;
  const initials = brand.slice(0, 2).toUpperCase();
  return {
    brand,
    clientName: `${brand} Client`,
    schemeName: `${brand} ${gift ? 'Gift Card' : 'Rewards'}`,
    schemeShortName: `${initials}${gift ? 'GC' : 'RW'}`,
    schemeAbbreviation: `${initials}${gift ? 'G' : 'R'}`,
    programTypeId,
    steps,
    cardBin: { name: `${brand} BIN`, number: binNumber },
    suffixStand: gift ? '001' : '002',
    country: { countryName: 'Australia', stateName: 'New South Wales' },
  };
}

/** The cards of a configured scheme of the data, `count` of them, through the import service. */
async function schemeCards(
  imports: ImportService,
  data: Snapshot,
  schemeName: string,
  count: number,
  userFileName: string,
): Promise<void> {
  const program = data.programs.find((p) => p.schemeName === schemeName);
  const config = data.configurations.find((c) => c.programId === program?.programId);
  if (program === undefined || config === undefined) {
    throw new Error(`scenario: no configured scheme ${schemeName}`);
  }
  const card = cardParams(data, {
    liveCardBinId: config.liveCardBinId,
    suffixStand: config.suffixStand ?? '',
  });
  await importCards(imports, { programId: program.programId, card, userFileName, count });
}

const demo: ScenarioDefinition = {
  name: SCENARIO.demo,
  description:
    'The demo seed (db.json): its clients, schemes and published demo sites, with the sample cards and stores of program 1 imported. The default scenario.',
  params: noParams,
  wholeSeed: true,
  build: () => undefined,
  records: async (imports) => {
    await imports.cards.importCards(DEMO_CARD_PROGRAM_ID, await readSmallCardFile(DEMO_CARD_FILE));
    await importDemoStores(imports);
  },
};

const empty: ScenarioDefinition = {
  name: SCENARIO.empty,
  description:
    'The seed users and reference data only: no client, scheme, journal or merchant site, image or imported record.',
  params: noParams,
  build: () => undefined,
  records: nothingToImport,
};

/** published-journal: its names. */
export const HARBOUR = {
  brand: 'Harbour',
  schemeName: 'Harbour Gift Card',
  siteUrl: 'harbour-gift',
  binNumber: '999021',
  cards: 100,
  cardFile: 'harbour-cards.txt',
} as const;

const publishedJournal: ScenarioDefinition = {
  name: SCENARIO.publishedJournal,
  description: `An activated gift scheme (${HARBOUR.schemeName}) with ${HARBOUR.cards} imported cards and its published MyJournal site "${HARBOUR.siteUrl}" (Login page).`,
  params: noParams,
  build: (data) => {
    const { programId } = scheme(
      data,
      brandScheme(
        HARBOUR.brand,
        PROGRAM_TYPE.GIFT,
        { ...ALL_STEPS, activated: true },
        HARBOUR.binNumber,
      ),
    );
    journalProfile(data, {
      brand: HARBOUR.brand,
      programId: Number(programId),
      siteUrl: HARBOUR.siteUrl,
      published: true,
      creationDate: CREATED,
    });
  },
  records: (imports, data) =>
    schemeCards(imports, data, HARBOUR.schemeName, HARBOUR.cards, HARBOUR.cardFile),
};

/** scheme-without-config: its names. */
export const ACME = { brand: 'Acme', schemeName: 'Acme Gift Card', binNumber: '999022' } as const;

const schemeWithoutConfig: ScenarioDefinition = {
  name: SCENARIO.schemeWithoutConfig,
  description: `A gift scheme (${ACME.schemeName}) with only its General Settings saved: no configuration, so the wizard continues at Configuration and activation is refused.`,
  params: noParams,
  build: (data) => {
    scheme(data, brandScheme(ACME.brand, PROGRAM_TYPE.GIFT, NO_STEPS, ACME.binNumber));
  },
  records: nothingToImport,
};

/** scheme-ready-to-activate: its names. */
export const READY = {
  brand: 'Summit',
  giftSchemeName: 'Summit Gift Card',
  loyaltySchemeName: 'Summit Rewards',
  binNumber: '999023',
  cards: 10,
  cardFile: 'summit-cards.txt',
} as const;

const schemeReadyToActivate: ScenarioDefinition = {
  name: SCENARIO.schemeReadyToActivate,
  description: `A gift scheme (${READY.giftSchemeName}) and a loyalty scheme (${READY.loyaltySchemeName}) with every step done up to activation: configuration, an imported card file, financial settlement, liability report and (loyalty) base campaign.`,
  params: noParams,
  build: (data) => {
    for (const programTypeId of [PROGRAM_TYPE.GIFT, PROGRAM_TYPE.LOYALTY] as const) {
      scheme(data, brandScheme(READY.brand, programTypeId, ALL_STEPS, READY.binNumber));
    }
  },
  records: async (imports, data) => {
    for (const name of [READY.giftSchemeName, READY.loyaltySchemeName]) {
      await schemeCards(imports, data, name, READY.cards, READY.cardFile);
    }
  },
};

const largeParams = z
  .object({
    /** Journal profiles (50 per program: programs `Large Sites N`). */
    profiles: z.number().int().min(0).max(100_000).default(2_000),
    /** Schemes, gift and loyalty in turn, at every wizard step in turn. */
    schemes: z.number().int().min(1).max(100_000).default(2_000),
    /** Cards of the first scheme (a gift scheme), imported as one card file. */
    cards: z.number().int().min(0).max(10_000_000).default(1_000_000),
  })
  .strict();
type LargeParams = Required<LargeScenarioParams>;
// The contract's shape is what the schema takes and (defaults filled in) gives.
const largeInput: z.ZodType<LargeParams, LargeScenarioParams> = largeParams;

/** large: its names. */
export const LARGE = {
  brand: 'Large',
  /** The first scheme: the one holding the cards. */
  firstSchemeName: 'Large Gift Card 1',
  profilesPerProgram: 50,
  cardFile: 'large-cards.txt',
} as const;

/** The steps of the large scenario's scheme `index` (0-based): each step in turn. */
const LARGE_STEPS: readonly SchemeSteps[] = [
  { ...NO_STEPS, configured: true },
  NO_STEPS,
  { ...NO_STEPS, configured: true, settlement: true },
  { ...ALL_STEPS },
  { ...ALL_STEPS, activated: true },
];

const large: ScenarioDefinition<LargeParams> = {
  name: SCENARIO.large,
  description:
    'Thousands of records for paging, search and speed: 2,000 schemes at every step (50 per client), 2,000 journal sites (every third published) and a million cards of the first scheme; the profiles, schemes and cards parameters set the sizes.',
  params: largeInput,
  build: (data, params) => {
    for (let index = 0; index < params.schemes; index += 1) {
      const gift = index % 2 === 0;
      const serial = index + 1;
      const steps = LARGE_STEPS[index % LARGE_STEPS.length] ?? NO_STEPS;
      // One BIN per 1,000 schemes, each with its own suffix on it.
      const binIndex = Math.floor(index / 1000) + 1;
      scheme(data, {
        brand: LARGE.brand,
        clientName: `Large Client ${Math.floor(index / 50) + 1}`,
        schemeName: `Large ${gift ? 'Gift Card' : 'Rewards'} ${serial}`,
        schemeShortName: `LG${serial}`,
        schemeAbbreviation: `L${serial}`,
        programTypeId: gift ? PROGRAM_TYPE.GIFT : PROGRAM_TYPE.LOYALTY,
        steps: index === 0 ? { ...ALL_STEPS, activated: true } : steps,
        cardBin: { name: `Large BIN ${binIndex}`, number: String(998000 + binIndex) },
        suffixStand: String(index % 1000).padStart(3, '0'),
        country: { countryName: 'Australia', stateName: 'New South Wales' },
      });
    }
    let programId = 0;
    for (let index = 0; index < params.profiles; index += 1) {
      if (index % LARGE.profilesPerProgram === 0) {
        const serial = index / LARGE.profilesPerProgram + 1;
        programId = giftProgram(data, {
          clientName: 'Large Sites Client',
          schemeName: `Large Sites ${serial}`,
          schemeShortName: `LS${serial}`,
          schemeAbbreviation: `S${serial}`,
        });
      }
      journalProfile(data, {
        brand: LARGE.brand,
        programId,
        siteUrl: `large-site-${index + 1}`,
        published: index % 3 === 0,
        creationDate: CREATED,
      });
    }
  },
  records: async (imports, data, params) => {
    if (params.cards > 0) {
      await schemeCards(imports, data, LARGE.firstSchemeName, params.cards, LARGE.cardFile);
    }
  },
};

/** Every scenario, in the order the list shows them. */
export const SCENARIOS: readonly ScenarioDefinition<Record<string, unknown>>[] = [
  demo,
  empty,
  publishedJournal,
  schemeWithoutConfig,
  schemeReadyToActivate,
  large as unknown as ScenarioDefinition,
];

export const scenarioNamed = (name: string): ScenarioDefinition | undefined =>
  SCENARIOS.find((scenario) => scenario.name === name);
