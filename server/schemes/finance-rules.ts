/**
 * Rules of the financial settlement, liability report, base campaign and activation calls that
 * need the stored data or several fields (03 §4, §5). They run inside store.update on the draft
 * (or on a snapshot for reads), so a failed check writes nothing.
 */
import { FIELD_MESSAGES } from '@contracts/api/messages';
import {
  BASE_CAMPAIGN_ACTION,
  BASE_CAMPAIGN_SCALE,
  PROGRAM_TYPE,
  SCHEME_FINANCE_MESSAGE,
  SCHEME_SERVER_MESSAGE,
  SETTLEMENT_FREQUENCY,
  type Bank,
  type BaseCampaignNonAction,
  type FinancialSettlement,
} from '@contracts/api/schemes';
import {
  isMonthlyDayInPeriod,
  isWeeklyDayInPeriod,
  matchesMask,
} from '@contracts/validation/rules';
import type {
  BaseCampaignActionRecord,
  Data,
  DeepReadonly,
  FinancialSettlementRecord,
  LiabilityReportConfigRecord,
  ProgramRecord,
} from '../db/schema';
import type { Snapshot } from '../db/store';
import { notFound, validationError } from '../http/errors';
import type { BaseCampaignInput, LiabilityInput, SettlementInput } from './finance-schemas';
import { raiseStatus } from './scheme-rules';

type Readable = Snapshot | Data;

/** The program (scheme) of an id; 404 when there is none, whether from the path or a body. */
export function findProgram<D extends Readable>(data: D, programId: number): D['programs'][number] {
  const program = (data.programs as readonly DeepReadonly<ProgramRecord>[]).find(
    (candidate) => candidate.programId === programId,
  );
  if (program === undefined) throw notFound(SCHEME_SERVER_MESSAGE.schemeNotFound(programId));
  return program as D['programs'][number];
}

/**
 * Raises the wizard status of a program to `status`; it never goes down (contracts
 * SCHEME_STATUS: saving an earlier step again, or a step of an active scheme, keeps it).
 */
export function raiseProgramStatus(data: Data, programId: number, status: number): number {
  const program = findProgram(data, programId);
  program.schemeStatus = raiseStatus(program.schemeStatus, status);
  return program.schemeStatus;
}

/** A path id and a body's programId must name the same scheme. */
export function requireSameProgram(pathId: number, bodyId: number | undefined): void {
  if (bodyId !== undefined && bodyId !== pathId) {
    throw validationError('programId', SCHEME_FINANCE_MESSAGE.programMismatch);
  }
}

// ---------------------------------------------------------------------------------------------
// Financial settlement
// ---------------------------------------------------------------------------------------------

const SECONDS_PER_DAY = 86_400;

/**
 * The calendar day a date on the wire stands for, as local midnight (what rules.ts compares):
 * the day of its nearest UTC midnight, whatever zone the server runs in. The portal sends the
 * picked day's UTC midnight (client/src/features/schemes/lib/epoch-dates.ts); a client that
 * sends its local midnight is read right from within 12 hours of UTC.
 */
export function calendarDay(epochSeconds: number): Date {
  const utcMidnight = new Date(Math.round(epochSeconds / SECONDS_PER_DAY) * SECONDS_PER_DAY * 1000);
  return new Date(
    utcMidnight.getUTCFullYear(),
    utcMidnight.getUTCMonth(),
    utcMidnight.getUTCDate(),
  );
}

/** Checks a settlement against the banks and its own dates and frequency (03 §4, §5 Financial). */
export function checkSettlement(data: Readable, input: SettlementInput): DeepReadonly<Bank> {
  const bank = (data.banks as readonly DeepReadonly<Bank>[]).find((b) => b.id === input.bankId);
  if (bank === undefined) {
    throw validationError('bankId', SCHEME_SERVER_MESSAGE.notExisting('Bank', input.bankId));
  }
  if (!matchesMask(bank.accountFormat, input.poolAccBankNumber)) {
    throw validationError(
      'poolAccBankNumber',
      SCHEME_FINANCE_MESSAGE.accountFormat(bank.accountFormat),
    );
  }
  const start = calendarDay(input.startDate);
  const end = calendarDay(input.endDate);
  if (end < start) throw validationError('endDate', FIELD_MESSAGES.endDateValidation);

  // Monthly takes a 'when' option and no day of week; the others a day of week and no 'when'
  // (03 §4). Daily (4) uses its own day list (not shown in 03), so its day of week is optional.
  if (input.frequency === SETTLEMENT_FREQUENCY.MONTHLY) {
    if (input.frequencyWhen === null)
      throw validationError('frequencyWhen', FIELD_MESSAGES.required);
    if (input.frequencyDayOfWeek !== null) {
      throw validationError('frequencyDayOfWeek', SCHEME_FINANCE_MESSAGE.noDayOfWeekWhenMonthly);
    }
    const check = { frequency: input.frequency, day: input.frequencyWhen, start, end };
    if (!isMonthlyDayInPeriod(check)) {
      throw validationError('frequencyWhen', FIELD_MESSAGES.dateValidationMonthly);
    }
  } else {
    if (input.frequencyWhen !== null) {
      throw validationError('frequencyWhen', SCHEME_FINANCE_MESSAGE.whenOnlyMonthly);
    }
    if (input.frequencyDayOfWeek === null) {
      if (input.frequency !== SETTLEMENT_FREQUENCY.DAILY) {
        throw validationError('frequencyDayOfWeek', FIELD_MESSAGES.required);
      }
    } else {
      const check = { frequency: input.frequency, day: input.frequencyDayOfWeek, start, end };
      if (!isWeeklyDayInPeriod(check)) {
        throw validationError('frequencyDayOfWeek', FIELD_MESSAGES.dateValidationWeekly);
      }
    }
  }
  return bank;
}

/** The record stored for a checked settlement. */
export function settlementRecord(
  input: SettlementInput,
  programId: number,
): FinancialSettlementRecord {
  return {
    programId,
    bankId: input.bankId,
    bankAuthority: input.bankAuthority,
    poolAccName: input.poolAccName,
    poolAccBankNumber: input.poolAccBankNumber,
    frequency: input.frequency as FinancialSettlementRecord['frequency'],
    frequencyWhen: input.frequencyWhen,
    frequencyDayOfWeek: input.frequencyDayOfWeek,
    flDualBillingSeq: input.flDualBillingSeq,
    startDate: input.startDate,
    endDate: input.endDate,
    // Set from the program once the status is raised.
    schemeStatus: 0,
  };
}

/** A settlement as answered: the bank's name and format filled in (03 §3). */
export function toSettlement(
  data: Readable,
  record: DeepReadonly<FinancialSettlementRecord>,
): FinancialSettlement {
  const bank = (data.banks as readonly DeepReadonly<Bank>[]).find((b) => b.id === record.bankId);
  const program = findProgram(data, record.programId);
  return {
    ...record,
    schemeStatus: program.schemeStatus,
    ...(bank === undefined
      ? {}
      : {
          bank: { bankName: bank.bankName, accountFormat: bank.accountFormat },
          bankName: bank.bankName,
        }),
  };
}

// ---------------------------------------------------------------------------------------------
// Liability report
// ---------------------------------------------------------------------------------------------

/**
 * The two exclusive modes (03 §4, §5): frequency mode needs a frequency and a next execution
 * date, scheduler mode a scheduler function; the ids must exist. Answers the record to store,
 * active (flActive 1 on every save).
 */
export function checkLiability(data: Readable, input: LiabilityInput): LiabilityReportConfigRecord {
  const frequencyMode = input.frequency !== null || input.nextExecutionDate !== null;
  if (frequencyMode && input.schedulerFunction !== null) {
    throw validationError('schedulerFunction', SCHEME_FINANCE_MESSAGE.modesExclusive);
  }
  if (frequencyMode || input.schedulerFunction === null) {
    if (input.frequency === null) throw validationError('frequency', FIELD_MESSAGES.required);
    if (input.nextExecutionDate === null) {
      throw validationError('nextExecutionDate', FIELD_MESSAGES.required);
    }
    const frequency = input.frequency;
    if (!data.liabilityFrequencies.some((item) => item.id === frequency)) {
      throw validationError('frequency', SCHEME_SERVER_MESSAGE.notExisting('Frequency', frequency));
    }
  } else {
    const scheduler = input.schedulerFunction;
    if (!data.schedulerFunctions.some((item) => item.id === scheduler)) {
      throw validationError(
        'schedulerFunction',
        SCHEME_SERVER_MESSAGE.notExisting('Scheduler function', scheduler),
      );
    }
  }
  return {
    programId: input.programId,
    emailRecipient: input.emailRecipient,
    emailCC: input.emailCC,
    emailBCC: input.emailBCC,
    emailSubject: input.emailSubject,
    flActive: 1,
    frequency: input.frequency,
    nextExecutionDate: input.nextExecutionDate,
    schedulerFunction: input.schedulerFunction,
    groupingHorizon: input.groupingHorizon,
  };
}

// ---------------------------------------------------------------------------------------------
// Base campaign
// ---------------------------------------------------------------------------------------------

/** Base campaigns belong to loyalty schemes only (03 §1: the loyalty flow's extra step). */
export function requireLoyalty(program: { programTypeId: number }): void {
  if (program.programTypeId !== PROGRAM_TYPE.LOYALTY) {
    throw validationError('programId', SCHEME_FINANCE_MESSAGE.loyaltyOnly);
  }
}

/**
 * Checks the fields the action type uses and answers the record to store, with only those
 * fields kept (the form may send the other modes' values along; 03 §4 keeps one active mode).
 * Flat: actionParameter1 (points). Relative: actionParameter1 (units) and actionParameter2
 * (amount per, above 0). Sliding and steping: rows from 0, each starting at the previous max + 1.
 */
export function baseCampaignRecord(input: BaseCampaignInput): BaseCampaignActionRecord {
  const record: BaseCampaignActionRecord = {
    programId: input.programId,
    actionTypeId: input.actionTypeId,
    actionParameter1: null,
    actionParameter2: null,
    range: [],
  };
  switch (input.actionTypeId) {
    case BASE_CAMPAIGN_ACTION.DEFAULT:
      return record;
    case BASE_CAMPAIGN_ACTION.FLAT:
      if (input.actionParameter1 === null) {
        throw validationError('actionParameter1', FIELD_MESSAGES.required);
      }
      return { ...record, actionParameter1: input.actionParameter1 };
    case BASE_CAMPAIGN_ACTION.RELATIVE:
      if (input.actionParameter1 === null) {
        throw validationError('actionParameter1', FIELD_MESSAGES.required);
      }
      if (input.actionParameter2 === null) {
        throw validationError('actionParameter2', FIELD_MESSAGES.required);
      }
      if (input.actionParameter2 <= 0) {
        throw validationError('actionParameter2', SCHEME_FINANCE_MESSAGE.amountPer);
      }
      return {
        ...record,
        actionParameter1: input.actionParameter1,
        actionParameter2: input.actionParameter2,
      };
    default:
      checkScale(input.range);
      return { ...record, range: input.range.map((row) => ({ ...row })) };
  }
}

function checkScale(range: BaseCampaignInput['range']): void {
  if (range.length === 0) throw validationError('range', FIELD_MESSAGES.required);
  let previousMax: number | undefined;
  range.forEach((row, index) => {
    const expected = previousMax === undefined ? BASE_CAMPAIGN_SCALE.min : previousMax + 1;
    if (row.min !== expected) {
      throw validationError(
        `range.${index}.min`,
        previousMax === undefined
          ? SCHEME_FINANCE_MESSAGE.scaleStart
          : SCHEME_FINANCE_MESSAGE.scaleNext(expected),
      );
    }
    if (row.max < row.min)
      throw validationError(`range.${index}.max`, SCHEME_FINANCE_MESSAGE.scaleOrder);
    previousMax = row.max;
  });
}

/** The scale rows of a sliding or steping action as read back (03 §3); none for the others. */
export function toNonActions(
  record: DeepReadonly<BaseCampaignActionRecord>,
): BaseCampaignNonAction[] {
  return record.range.map((row) => ({
    programId: record.programId,
    actionTypeId: record.actionTypeId,
    fromValue: row.min,
    toValue: row.max,
    multiplier: row.multiplier,
  }));
}
