/**
 * The Liability Reports step's form (03 §2 step 5, §3, §4 Liability, §5 Liability): its values,
 * labels, rules and the conversions to and from the wire (e-mail lists comma-joined, the next
 * execution date in epoch seconds, flActive 1 on every save, the other mode's fields cleared).
 */
import {
  SCHEME_SERVER_MESSAGE,
  SCHEME_LIMITS,
  SCHEME_TEXT,
  type LiabilityReportConfig,
} from '@contracts/api/schemes';
import {
  composeValidators,
  email,
  everyItem,
  matches,
  maxLength,
  numOnly,
  required,
  type AnyFieldValue,
  type Validator,
} from '@/lib/forms/validators';
import { fromEpochSeconds, toEpochSeconds } from './epoch-dates';

/** Labels of the step (03 §2 names the fields; the words are ours, not in the spec). */
export const LIABILITY_LABEL = {
  enabled: 'Enable Liability Reports',
  recipient: 'Recipient',
  cc: 'CC',
  bcc: 'BCC',
  /** Help of the tag inputs. */
  tagsHelp: 'Type an e-mail address and press space to add it.',
  subject: 'Subject',
  mode: 'Schedule',
  frequency: 'Frequency',
  nextExecutionDate: 'Next Execution Date',
  schedulerFunction: 'Scheduler Function',
  groupingHorizon: 'Grouping Horizon',
  /** 03 §2: "number of months in the past, per help text". */
  groupingHorizonHelp: 'Number of months in the past',
  noScheme: 'Save the General Settings and Configuration of a scheme first, from',
} as const;

export type LiabilityMode = 'frequency' | 'scheduler';
export const MODE_OPTIONS: { value: LiabilityMode; label: string }[] = [
  { value: 'frequency', label: SCHEME_TEXT.liabilityModes.frequency },
  { value: 'scheduler', label: SCHEME_TEXT.liabilityModes.scheduler },
];

export interface LiabilityValues {
  enabled: boolean;
  emailRecipient?: string[];
  emailCC?: string[];
  emailBCC?: string[];
  emailSubject?: string;
  mode: LiabilityMode;
  frequency?: number;
  nextExecutionDate?: Date | null;
  schedulerFunction?: number;
  groupingHorizon?: string;
}

/** A comma-joined list as tags; none as undefined (the tag input's empty value). */
const toTags = (list: string | null): string[] | undefined => {
  const tags = (list ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return tags.length > 0 ? tags : undefined;
};

export function toLiabilityValues(config: LiabilityReportConfig | null): LiabilityValues {
  if (!config) return { enabled: false, mode: 'frequency' };
  const scheduler = config.schedulerFunction !== null && config.frequency === null;
  return {
    enabled: config.flActive === 1,
    emailRecipient: toTags(config.emailRecipient),
    emailCC: toTags(config.emailCC),
    emailBCC: toTags(config.emailBCC),
    emailSubject: config.emailSubject,
    mode: scheduler ? 'scheduler' : 'frequency',
    frequency: config.frequency ?? undefined,
    nextExecutionDate:
      config.nextExecutionDate === null ? null : fromEpochSeconds(config.nextExecutionDate),
    schedulerFunction: config.schedulerFunction ?? undefined,
    groupingHorizon: String(config.groupingHorizon),
  };
}

const joined = (tags: string[] | undefined): string | null =>
  tags && tags.length > 0 ? tags.join(',') : null;

/**
 * The body of a create or update (03 §3, §4): lists comma-joined, flActive 1, and only the chosen
 * mode's fields (the other's cleared).
 */
export function toLiabilityBody(programId: number, values: LiabilityValues): LiabilityReportConfig {
  const frequencyMode = values.mode === 'frequency';
  return {
    programId,
    emailRecipient: joined(values.emailRecipient) ?? '',
    emailCC: joined(values.emailCC),
    emailBCC: joined(values.emailBCC),
    emailSubject: values.emailSubject ?? '',
    flActive: 1,
    frequency: frequencyMode ? (values.frequency ?? null) : null,
    nextExecutionDate:
      frequencyMode && values.nextExecutionDate ? toEpochSeconds(values.nextExecutionDate) : null,
    schedulerFunction: frequencyMode ? null : (values.schedulerFunction ?? null),
    groupingHorizon: Number(values.groupingHorizon ?? ''),
  };
}

// ---------------------------------------------------------------------------------------------
// Rules (03 §5 Liability); they hold only while the enable box is ticked
// ---------------------------------------------------------------------------------------------

type Values = LiabilityValues;
const valuesOf = (all: object) => all as Values;

const whileEnabled =
  <V>(validator: Validator<V>): Validator<V> =>
  (value, all) =>
    valuesOf(all).enabled ? validator(value, all) : undefined;

const requiredInMode =
  (mode: LiabilityMode): Validator<AnyFieldValue> =>
  (value, all) =>
    valuesOf(all).mode === mode ? required(value, all) : undefined;

/** Every tag a valid e-mail address (03 §5: "standard address check"). */
const everyEmail = everyItem(email) as Validator<string[] | undefined>;

/** One recipient, CC or BCC tag (the tag input marks those that fail). */
export const emailTagError = (tag: string) => email(tag, {});

/** The subject is plain text in mail headers and on the summary: the server refuses markup. */
const noMarkup = matches(/^[^<>]*$/, SCHEME_SERVER_MESSAGE.noMarkup);

export const LIABILITY_VALIDATE = {
  emailRecipient: whileEnabled(composeValidators<string[] | undefined>(required, everyEmail)),
  emailList: whileEnabled(everyEmail),
  emailSubject: whileEnabled(
    composeValidators(required, maxLength(SCHEME_LIMITS.liabilitySubject), noMarkup),
  ),
  frequency: whileEnabled(requiredInMode('frequency')),
  nextExecutionDate: whileEnabled(requiredInMode('frequency')),
  schedulerFunction: whileEnabled(requiredInMode('scheduler')),
  groupingHorizon: whileEnabled(
    composeValidators(required, numOnly, maxLength(SCHEME_LIMITS.groupingHorizonChars)),
  ),
} as const;
