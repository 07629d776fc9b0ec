import {
  MONEY,
  PROGRAM_TYPE,
  SCHEME_STATUS,
  type Config,
  type ConfigInput,
  type Flag,
} from '@contracts/api/schemes';
import { formatFloat } from '@contracts/validation/rules';

/**
 * The Configuration step's form (03 §2 "Step 2", §3 Config, §5 Configuration): its labels, its
 * values and the mapping between them and the configuration on the wire. Gift and loyalty share
 * the form; each body carries only its own field set (the server refuses the other's fields).
 */

/** Labels of the step. Section titles are 03 §2's; field labels are not in the spec. */
export const CONFIG_LABEL = {
  /** Not in the spec: the step's heading, with the client's name (03 §2: headings show it). */
  title: (clientName: string) => `Scheme Configuration for ${clientName}`,
  sections: {
    rules: 'Set the Rules',
    totalCredit: 'Total Credit Value',
    totalLoyalty: 'Total Loyalty Value',
    topup: 'Top-Up or Reload Value',
    redeem: 'Redeem Value',
    transaction: 'Transaction Value',
    merchantTypes: 'Merchant Transaction Types',
    createCards: 'Create Cards',
    suffixes: 'Suffixes',
    cardFiles: 'Create Card Files',
  },
  expiryFrom: 'Calculate Expiry From',
  expiryTerm: 'Expiry Term',
  expiryExtend: 'Extend Expiry',
  creditMin: 'Minimum Credit Value',
  creditMax: 'Maximum Credit Value',
  loyaltyBalanceMin: 'Minimum Loyalty Value',
  loyaltyBalanceMax: 'Maximum Loyalty Value',
  multiTopup: 'Multiple Top-Ups',
  topupMin: 'Minimum Top-Up Value',
  topupMax: 'Maximum Top-Up Value',
  redeemMin: 'Minimum Redeem Value',
  redeemMax: 'Maximum Transaction Value',
  merchantTopup: 'Top-Up',
  merchantRedeem: 'Redeem',
  merchantLoyaltyRedeem: 'Loyalty Redeem',
  masterBin: 'Master BIN',
  binNumber: 'BIN Number',
  cardLength: 'Card Length',
  suffix: { suffixStand: 'Standard', suffixBulk: 'Bulk Order', suffixVirtual: 'Virtual' },
  suffixValue: {
    suffixStand: 'Standard Suffix',
    suffixBulk: 'Bulk Order Suffix',
    suffixVirtual: 'Virtual Suffix',
  },
  numberStandCards: 'Number of Standard Cards',
  numberBulkCards: 'Number of Bulk Order Cards',
  /** Not in the spec: help under the suffix boxes while no base is known. */
  suffixHelp: 'Choose the card BIN first: its next free suffix number is read from it.',
  lockedHelp: 'Saved with the configuration: it cannot change.',
  /**
   * Not in the spec: a client with its own BIN whose card BIN is missing. The server adds it
   * whenever such a client is saved, so only data changed behind the portal's back lacks it.
   */
  noOwnBin: (binNumber: string) =>
    `No card BIN ${binNumber} exists on the server: the configuration cannot be saved without it.`,
  /** Not in the spec: the step opened without a scheme id. */
  noScheme: 'Save the scheme on General Settings first, from',
} as const;

/** A money field's value in the form: text as typed or formatted ('12.50'), or a number. */
export type MoneyValue = string | number | undefined;

export interface ConfigValues {
  liveCardBinId?: number;
  expiryFrom?: number;
  expiryTerm?: number;
  expiryExtend: Flag;
  creditMin?: MoneyValue;
  creditMax?: MoneyValue;
  topupMin?: MoneyValue;
  topupMax?: MoneyValue;
  multiTopup: Flag;
  merchantTopup: Flag;
  loyaltyBalanceMin?: MoneyValue;
  loyaltyBalanceMax?: MoneyValue;
  merchantLoyaltyRedeem: Flag;
  redeemMin?: MoneyValue;
  redeemMax?: MoneyValue;
  merchantRedeem: Flag;
  suffixStand?: string;
  suffixBulk?: string;
  suffixVirtual?: string;
  numberStandCards?: string;
  numberBulkCards?: string;
}

/** Money as the form shows it after a blur: exactly two decimals. */
const moneyText = (value: number): string => formatFloat(value) ?? String(value);

/** Money as sent: clamped to 0.00-9999.99 with two decimals (as the field does on blur). */
export function moneyNumber(value: MoneyValue): number {
  const text = formatFloat(value ?? '', { min: MONEY.min, max: MONEY.max });
  return text === undefined ? Number.NaN : Number(text);
}

const countText = (count: number | null): string | undefined =>
  count === null ? undefined : String(count);
const countNumber = (text: string | undefined): number | null =>
  text === undefined || text.trim() === '' ? null : Number(text);
const suffixOrNull = (text: string | undefined): string | null =>
  text === undefined || text === '' ? null : text;

/**
 * The form's starting values: the stored configuration, or for a new one the card BIN given
 * (a client's own BIN; a transactor client chooses a master BIN) and every box unticked.
 */
export function toConfigValues(config: Config | null, ownBinId: number | undefined): ConfigValues {
  if (config === null) {
    return {
      liveCardBinId: ownBinId,
      expiryExtend: 0,
      multiTopup: 0,
      merchantTopup: 0,
      merchantLoyaltyRedeem: 0,
      merchantRedeem: 0,
    };
  }
  const shared = {
    liveCardBinId: config.liveCardBinId,
    expiryFrom: config.expiryFrom,
    expiryTerm: config.expiryTerm,
    expiryExtend: config.expiryExtend,
    redeemMin: moneyText(config.redeemMin),
    redeemMax: moneyText(config.redeemMax),
    merchantRedeem: config.merchantRedeem,
    suffixStand: config.suffixStand ?? undefined,
    suffixVirtual: config.suffixVirtual ?? undefined,
    numberStandCards: countText(config.numberStandCards),
  };
  if (config.programTypeId === PROGRAM_TYPE.GIFT) {
    return {
      ...shared,
      creditMin: moneyText(config.creditMin),
      creditMax: moneyText(config.creditMax),
      topupMin: moneyText(config.topupMin),
      topupMax: moneyText(config.topupMax),
      multiTopup: config.multiTopup,
      merchantTopup: config.merchantTopup,
      suffixBulk: config.suffixBulk ?? undefined,
      numberBulkCards: countText(config.numberBulkCards),
      merchantLoyaltyRedeem: 0,
    };
  }
  return {
    ...shared,
    loyaltyBalanceMin: moneyText(config.loyaltyBalanceMin),
    loyaltyBalanceMax: moneyText(config.loyaltyBalanceMax),
    merchantLoyaltyRedeem: config.merchantLoyaltyRedeem,
    multiTopup: 0,
    merchantTopup: 0,
  };
}

/**
 * The body of POST /gift-card/configurations and PUT /gift-card/configurations/{id} from valid
 * form values: the gift or the loyalty field set only. suffixLength is the BIN's extension
 * length and schemeStatus the step's (the server sets both; 03 §3 status 2 after config).
 */
export function toConfigBody(
  values: ConfigValues,
  {
    programId,
    programTypeId,
    suffixLength,
  }: { programId: number; programTypeId: number; suffixLength: number },
): ConfigInput {
  const shared = {
    programId,
    expiryExtend: values.expiryExtend,
    expiryFrom: values.expiryFrom as number,
    expiryTerm: values.expiryTerm as number,
    redeemMin: moneyNumber(values.redeemMin),
    redeemMax: moneyNumber(values.redeemMax),
    merchantRedeem: values.merchantRedeem,
    liveCardBinId: values.liveCardBinId as number,
    suffixLength,
    suffixStand: suffixOrNull(values.suffixStand),
    suffixVirtual: suffixOrNull(values.suffixVirtual),
    numberStandCards: values.suffixStand ? countNumber(values.numberStandCards) : null,
    schemeStatus: SCHEME_STATUS.CONFIG,
  };
  if (programTypeId === PROGRAM_TYPE.GIFT) {
    return {
      ...shared,
      programTypeId: PROGRAM_TYPE.GIFT,
      creditMin: moneyNumber(values.creditMin),
      creditMax: moneyNumber(values.creditMax),
      topupMin: moneyNumber(values.topupMin),
      topupMax: moneyNumber(values.topupMax),
      multiTopup: values.multiTopup,
      merchantTopup: values.merchantTopup,
      suffixBulk: suffixOrNull(values.suffixBulk),
      numberBulkCards: values.suffixBulk ? countNumber(values.numberBulkCards) : null,
    };
  }
  return {
    ...shared,
    programTypeId: PROGRAM_TYPE.LOYALTY,
    loyaltyBalanceMin: moneyNumber(values.loyaltyBalanceMin),
    loyaltyBalanceMax: moneyNumber(values.loyaltyBalanceMax),
    merchantLoyaltyRedeem: values.merchantLoyaltyRedeem,
  };
}

/** 03 §4: unticking Multiple Top-Ups while a top-up min or max is empty clears both. */
export function clearsTopups(values: Pick<ConfigValues, 'topupMin' | 'topupMax'>): boolean {
  const empty = (value: MoneyValue) => value === undefined || value === '';
  return empty(values.topupMin) || empty(values.topupMax);
}
