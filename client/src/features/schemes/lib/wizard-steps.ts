import { PROGRAM_TYPE } from '@contracts/api/constants';
import { SCHEME_TEXT } from '@contracts/api/schemes';
import { paths, type RouteEntry } from '@/config/paths';
import { COMMON_TEXT } from '@/config/texts';

/**
 * The scheme wizard's steps and their rules (03 §2 "Wizard shell and tabs", §4): the gift flow
 * has seven tabs (six numbered steps after Client Setup), the loyalty flow eight (Base Campaign
 * before Summary). Pure functions of the area, the id and whether the config exists, so the
 * shell and the steps agree and tests can read them.
 */

export type SchemeArea = 'gift' | 'loyalty';

export type StepKey =
  | 'setup'
  | 'general'
  | 'config'
  | 'upload'
  | 'financial'
  | 'liability'
  | 'basecampaign'
  | 'summary';

export interface WizardStep {
  key: StepKey;
  label: string;
  entry: RouteEntry;
}

const GIFT_KEYS: readonly StepKey[] = [
  'setup',
  'general',
  'config',
  'upload',
  'financial',
  'liability',
  'summary',
];
const LOYALTY_KEYS: readonly StepKey[] = [
  'setup',
  'general',
  'config',
  'upload',
  'financial',
  'liability',
  'basecampaign',
  'summary',
];

/** Program type of each area (03 §2: gift requests type 1, loyalty type 3). */
export const AREA_PROGRAM_TYPE: Record<SchemeArea, number> = {
  gift: PROGRAM_TYPE.GIFT,
  loyalty: PROGRAM_TYPE.LOYALTY,
};

export const areaPaths = (area: SchemeArea) => (area === 'gift' ? paths.gift : paths.loyalty);

function entryOf(area: SchemeArea, key: StepKey): RouteEntry {
  if (key === 'basecampaign') return paths.loyalty.wizard.basecampaign;
  return areaPaths(area).wizard[key];
}

/** The area's steps in tab order. */
export function wizardSteps(area: SchemeArea): readonly WizardStep[] {
  return (area === 'gift' ? GIFT_KEYS : LOYALTY_KEYS).map((key) => ({
    key,
    label: SCHEME_TEXT.tabs[key],
    entry: entryOf(area, key),
  }));
}

/** Where the scheme wizard stands: an id in the route, and whether its config exists. */
export interface WizardProgress {
  hasId: boolean;
  hasConfig: boolean;
}

/**
 * 03 §2: only Client Setup at the start; with an id, General Settings and Configuration too; once
 * the config exists, every tab.
 */
export function isTabEnabled(index: number, { hasId, hasConfig }: WizardProgress): boolean {
  if (index === 0) return true;
  if (!hasId) return false;
  return index <= 2 || hasConfig;
}

/** Client Setup has no number; General Settings is "step 1 of 6" (gift) or "of 7" (loyalty). */
export const stepLabel = (index: number, total: number): string | null =>
  index <= 0 ? null : COMMON_TEXT.stepOf(index, total - 1);

/**
 * Where an existing scheme opens (03 §2): the last tab (Summary) when its config exists,
 * otherwise Configuration.
 */
export function landingStep(area: SchemeArea, hasConfig: boolean): RouteEntry {
  return entryOf(area, hasConfig ? 'summary' : 'config');
}

/** The step after `key` (a successful step moves on, 03 §2); the last step stays. */
export function nextStep(area: SchemeArea, key: StepKey): RouteEntry {
  const keys = area === 'gift' ? GIFT_KEYS : LOYALTY_KEYS;
  const next = keys[keys.indexOf(key) + 1];
  return entryOf(area, next ?? key);
}
