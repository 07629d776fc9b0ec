import {
  BASE_CAMPAIGN_ACTION,
  BASE_CAMPAIGN_ACTION_LABEL,
  BASE_CAMPAIGN_SCALE,
  type BaseCampaignAction,
  type BaseCampaignActionTypeId,
  type BaseCampaignNonAction,
} from '@contracts/api/schemes';

/**
 * The Base Campaign step's rules (03 §3, §4 Base campaign, §9) as pure functions: the five
 * modes, the sliding / steping scale rows on 0..200 (first row 0-20 with multiplier 1, a new row
 * from the previous max + 1 spanning 20 and capped at 200, only the last row editable), and the
 * form's values to and from the wire. The server (server/schemes/finance-rules.ts) accepts
 * exactly these: rows contiguous from 0, whole numbers, max not below min, multiplier above 0.
 */

/** The two scale modes; each keeps its own rows. */
export type ScaleMode = 'sliding' | 'steping';
export const SCALE_MODES: readonly ScaleMode[] = ['sliding', 'steping'];
export const SCALE_ACTION: Record<ScaleMode, BaseCampaignActionTypeId> = {
  sliding: BASE_CAMPAIGN_ACTION.SLIDING,
  steping: BASE_CAMPAIGN_ACTION.STEPING,
};

/** One scale row as the form holds it: min and max whole numbers, the multiplier as typed. */
export interface ScaleRow {
  min: number;
  max: number;
  multiplier?: string | number;
}

export interface BaseCampaignValues {
  actionTypeId: BaseCampaignActionTypeId;
  /** Flat: points (actionParameter1). */
  flatPoints?: string | number;
  /** Relative: units (actionParameter1) per amount (actionParameter2). */
  relativeUnits?: string | number;
  relativeAmountPer?: string | number;
  sliding: ScaleRow[];
  steping: ScaleRow[];
}

/** The five radio options in action-type order, labelled exactly as 03 §2. */
export const ACTION_OPTIONS = (
  Object.entries(BASE_CAMPAIGN_ACTION_LABEL) as [string, string][]
).map(([id, label]) => ({ value: Number(id) as BaseCampaignActionTypeId, label }));

/** A scale's first row: 0 to 20, multiplier 1 (03 §4). */
export const firstRow = (): ScaleRow => ({
  min: BASE_CAMPAIGN_SCALE.min,
  max: BASE_CAMPAIGN_SCALE.min + BASE_CAMPAIGN_SCALE.rowWidth,
  multiplier: BASE_CAMPAIGN_SCALE.defaultMultiplier,
});

/** The form field of a row's multiplier. */
export const multiplierField = (mode: ScaleMode, index: number): string =>
  `${mode}[${index}].multiplier`;

/** Whether a row can follow `rows`: not when the last max is already 200 (03 §4). */
export const canAddRow = (rows: readonly ScaleRow[]): boolean => {
  const last = rows[rows.length - 1];
  return last === undefined || last.max < BASE_CAMPAIGN_SCALE.max;
};

/**
 * `rows` with one more: from the previous max + 1, spanning 20, capped at 200; unchanged when
 * the last max is 200. A new row's multiplier is left for the operator (required, 03 §5).
 */
export function addRow(rows: readonly ScaleRow[]): ScaleRow[] {
  const last = rows[rows.length - 1];
  if (last === undefined) return [firstRow()];
  if (!canAddRow(rows)) return [...rows];
  const min = last.max + 1;
  return [
    ...rows,
    { min, max: Math.min(min + BASE_CAMPAIGN_SCALE.rowWidth, BASE_CAMPAIGN_SCALE.max) },
  ];
}

/** `rows` without the last one (never below one row); the previous one becomes editable. */
export const removeLastRow = (rows: readonly ScaleRow[]): ScaleRow[] =>
  rows.length > 1 ? rows.slice(0, -1) : [...rows];

/** Only the last row of the active scale mode is editable (03 §4): its max and its multiplier. */
export const isRowEditable = (
  mode: ScaleMode,
  index: number,
  rows: readonly ScaleRow[],
  actionTypeId: BaseCampaignActionTypeId,
): boolean => SCALE_ACTION[mode] === actionTypeId && index === rows.length - 1;

const toNumber = (value: string | number | undefined): number | null =>
  value === undefined || value === '' ? null : Number(value);

/**
 * The form as loaded: mode default unless the server has a campaign (03 §4); the saved
 * parameters; the saved rows in their mode (the stored rows read as fromValue / toValue), the
 * other scale starting with its first row.
 */
export function toFormValues(
  action: BaseCampaignAction | null | undefined,
  nonActions: readonly BaseCampaignNonAction[] | undefined,
): BaseCampaignValues {
  const actionTypeId = action?.actionTypeId ?? BASE_CAMPAIGN_ACTION.DEFAULT;
  const savedRows: ScaleRow[] =
    nonActions && nonActions.length > 0
      ? nonActions.map((row) => ({
          min: row.fromValue,
          max: row.toValue,
          multiplier: row.multiplier,
        }))
      : (action?.range ?? []).map((row) => ({ ...row }));
  const rowsOf = (mode: ScaleMode) =>
    actionTypeId === SCALE_ACTION[mode] && savedRows.length > 0 ? savedRows : [firstRow()];
  const parameter = (type: BaseCampaignActionTypeId, value: number | null | undefined) =>
    actionTypeId === type && value !== null && value !== undefined ? value : undefined;
  return {
    actionTypeId,
    flatPoints: parameter(BASE_CAMPAIGN_ACTION.FLAT, action?.actionParameter1),
    relativeUnits: parameter(BASE_CAMPAIGN_ACTION.RELATIVE, action?.actionParameter1),
    relativeAmountPer: parameter(BASE_CAMPAIGN_ACTION.RELATIVE, action?.actionParameter2),
    sliding: rowsOf('sliding'),
    steping: rowsOf('steping'),
  };
}

/** The save body: only what the chosen mode uses (the server keeps nothing else). */
export function toBody(programId: number, values: BaseCampaignValues): BaseCampaignAction {
  const body: BaseCampaignAction = {
    programId,
    actionTypeId: values.actionTypeId,
    actionParameter1: null,
    actionParameter2: null,
    range: [],
  };
  switch (values.actionTypeId) {
    case BASE_CAMPAIGN_ACTION.FLAT:
      return { ...body, actionParameter1: toNumber(values.flatPoints) };
    case BASE_CAMPAIGN_ACTION.RELATIVE:
      return {
        ...body,
        actionParameter1: toNumber(values.relativeUnits),
        actionParameter2: toNumber(values.relativeAmountPer),
      };
    case BASE_CAMPAIGN_ACTION.SLIDING:
    case BASE_CAMPAIGN_ACTION.STEPING: {
      const rows =
        values.actionTypeId === BASE_CAMPAIGN_ACTION.SLIDING ? values.sliding : values.steping;
      return {
        ...body,
        range: rows.map((row) => ({
          min: row.min,
          max: row.max,
          multiplier: toNumber(row.multiplier) ?? 0,
        })),
      };
    }
    default:
      return body;
  }
}

/** A scale value as labelled: prefixed with '$' (03 §9). */
export const scaleLabel = (value: number): string => `${BASE_CAMPAIGN_SCALE.labelPrefix}${value}`;

/** Labels the spec does not give (03 §2 names the options and buttons only). */
export const BASE_CAMPAIGN_LABEL = {
  mode: 'Base campaign action',
  flatPoints: 'Points',
  relativeUnits: 'Units',
  relativeAmountPer: 'Amount per',
  row: (modeLabel: string, index: number) => `${modeLabel} row ${index + 1}`,
  /** A row's range, from its own min to its max: the slider's label. */
  range: (min: number, max: number) => `${scaleLabel(min)} - ${scaleLabel(max)}`,
  multiplier: 'Multiplier',
  addScale: (modeLabel: string) => `Add Scale to ${modeLabel}`,
  remove: 'Remove row',
  removeRow: (modeLabel: string, index: number) => `Remove ${modeLabel} row ${index + 1}`,
} as const;
