import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import BsForm from 'react-bootstrap/Form';
import type { FormApi } from 'final-form';
import { useForm } from 'react-final-form';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useNavigate } from 'react-router-dom';
import {
  BIN_TYPE,
  MONEY,
  PROGRAM_TYPE,
  SCHEME_LIMITS,
  SCHEME_TEXT,
  SUFFIX_FIELDS,
  type CardBin,
  type Client,
  type Config,
  type SuffixField,
} from '@contracts/api/schemes';
import { BusyButton } from '@/components/common/busy-button';
import { QueryContent } from '@/components/common/query-content';
import { CheckboxField } from '@/components/form/CheckboxField';
import { FloatField } from '@/components/form/FloatField';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextField';
import { withId } from '@/config/paths';
import { toApiFailure, isSessionExpiry } from '@/lib/api/errors';
import { useExpiryTermsQuery, useExpiryTypesQuery } from '@/lib/api/lookups-api';
import { useStoreShape } from '@/lib/api/store-shape';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { KeepChangesForm } from '@/lib/forms/keep-changes-form';
import { FormUnsavedChanges } from '@/lib/forms/unsaved-changes';
import {
  composeValidators,
  decimal,
  greaterThan,
  lessThan,
  maxLength,
  minLength,
  notOver,
  numOnly,
  required,
  type NumericValue,
  type Validator,
} from '@/lib/forms/validators';
import {
  useBinExtensionNumberQuery,
  useConfigurationQuery,
  useCreateConfigurationMutation,
  useUpdateConfigurationMutation,
} from '../../api/schemes-api';
import { useAreaData, useSchemeArea } from '../../hooks/use-scheme-area';
import { useWizardScheme } from '../../hooks/use-wizard-scheme';
import {
  CONFIG_LABEL,
  clearsTopups,
  toConfigBody,
  toConfigValues,
  type ConfigValues,
} from '../../lib/configuration-form';
import { saveAndConfirm, submitOrSayInvalid } from '../../lib/step-dialogs';
import { CARD_COUNT_FIELD, canToggleSuffix, suffixFieldsOf, suffixFor } from '../../lib/suffixes';
import { AREA_PROGRAM_TYPE, areaPaths, nextStep } from '../../lib/wizard-steps';
import { ReadOnly, Section } from './step-parts';
import { useField } from '@/lib/forms/use-field';

/** Money: required, a number; min under max, max over min (03 §5 Configuration). */
const money = composeValidators(required, decimal);
const VALIDATE = {
  creditMin: composeValidators(money, lessThan('creditMax')),
  creditMax: composeValidators(money, greaterThan('creditMin')),
  loyaltyBalanceMin: composeValidators(money, lessThan('loyaltyBalanceMax')),
  loyaltyBalanceMax: composeValidators(money, greaterThan('loyaltyBalanceMin')),
  topupMin: composeValidators(money, lessThan('topupMax')),
  /** Top-up max: over the min, and not over the total credit (transOverLimit). */
  topupMax: composeValidators(money, greaterThan('topupMin'), notOver('creditMax')),
  redeemMin: composeValidators(money, lessThan('redeemMax')),
  /** Transaction max: over the min redeem, not over total credit (gift) or loyalty balance. */
  redeemMaxGift: composeValidators(money, greaterThan('redeemMin'), notOver('creditMax')),
  redeemMaxLoyalty: composeValidators(
    money,
    greaterThan('redeemMin'),
    notOver('loyaltyBalanceMax'),
  ),
  expiryFrom: required,
  expiryTerm: required,
  masterBin: required,
  /** A client's own BIN as text: 6 to 9 characters (03 §5). */
  binText: composeValidators(
    required,
    minLength(SCHEME_LIMITS.configBinText.min),
    maxLength(SCHEME_LIMITS.configBinText.max),
  ),
  /** Card counts: digits, at most 15 (03 §5, §9). */
  cardCount: composeValidators(numOnly, maxLength(SCHEME_LIMITS.cardCountDigits)),
} as const;

/**
 * Configuration, step 2 (03 §2 "Step 2: Scheme Configuration", §3, §4, §5, §7, §8): the rules
 * (expiry), the money limits, the merchant transaction types, the card BIN and the suffixes with
 * their card counts. A scheme whose configuration read answers 404 gets one created; otherwise
 * it is updated, with the card BIN and the saved suffixes locked. A read failing otherwise shows
 * 'Error: {status}'. A save confirms, then the wizard moves to Stores & Devices.
 */
export function ConfigurationStep() {
  const area = useSchemeArea();
  const wizard = useWizardScheme();
  const areaData = useAreaData(area);
  const expiryTypes = useStoreShape(useExpiryTypesQuery());
  const expiryTerms = useStoreShape(useExpiryTermsQuery());
  const configQuery = useConfigurationQuery(wizard.id ?? skipToken);
  useConfigReadError(wizard.id, configQuery.error);

  const state = {
    loading:
      wizard.loading ||
      (wizard.id !== null && wizard.scheme.data === undefined && wizard.scheme.loading) ||
      (wizard.config.data === undefined && wizard.config.loading) ||
      (areaData.bins.data === undefined && areaData.bins.loading) ||
      expiryTypes.loading ||
      expiryTerms.loading,
    error: [
      wizard.scheme.error,
      wizard.config.error,
      wizard.clients.error,
      areaData.bins.error,
      expiryTypes.error,
      expiryTerms.error,
    ].find((error) => error.code !== 0) ?? { code: 0, message: null },
  };

  if (wizard.id === null) {
    return (
      <p>
        {CONFIG_LABEL.noScheme}{' '}
        <Link to={areaPaths(area).wizard.general.path}>{SCHEME_TEXT.tabs.general}</Link>
      </p>
    );
  }
  const { client, scheme } = wizard;
  const config = wizard.config.data;
  const ready =
    client !== undefined &&
    scheme.data !== undefined &&
    config !== undefined &&
    areaData.bins.data !== undefined;

  return (
    <div>
      <QueryContent state={state}>
        {ready ? (
          <>
            <h3 className="h5 mb-3">{CONFIG_LABEL.title(client.clientName)}</h3>
            <ConfigForm
              // One form for the scheme, kept when its configuration appears (another operator
              // created it first): the operator's values stay (StoredLockWatch).
              key={wizard.id}
              programId={wizard.id}
              client={client}
              config={config}
              bins={areaData.bins.data ?? []}
              expiryTypes={expiryTypes.data ?? []}
              expiryTerms={expiryTerms.data ?? []}
            />
          </>
        ) : null}
      </QueryContent>
    </div>
  );
}

/** 03 §8: a configuration read answered with a status other than 200 (or 404: none yet). */
function useConfigReadError(id: number | null, error: unknown): void {
  const shownFor = useRef<unknown>(null);
  useEffect(() => {
    if (error === undefined || shownFor.current === error || isSessionExpiry(error)) return;
    shownFor.current = error;
    const failure = toApiFailure(error);
    void dialogs.error(SCHEME_TEXT.errorTitle(failure.status), textToHtml(failure.errorMessage));
  }, [id, error]);
}

interface Option {
  id: number;
  value: string;
}

interface ConfigFormProps {
  programId: number;
  client: Client;
  /** null: the scheme has no configuration yet (create). */
  config: Config | null;
  bins: readonly CardBin[];
  expiryTypes: readonly Option[];
  expiryTerms: readonly Option[];
}

function ConfigForm({
  programId,
  client,
  config,
  bins,
  expiryTypes,
  expiryTerms,
}: ConfigFormProps) {
  const area = useSchemeArea();
  const navigate = useNavigate();
  const programTypeId = AREA_PROGRAM_TYPE[area];
  const isGift = programTypeId === PROGRAM_TYPE.GIFT;
  const configQuery = useConfigurationQuery(programId);
  const [createConfiguration, createState] = useCreateConfigurationMutation();
  const [updateConfiguration, updateState] = useUpdateConfigurationMutation();
  const store = useStoreShape(configQuery, { create: createState, update: updateState });
  const isTransactor = client.binTypeId === BIN_TYPE.TRANSACTOR;
  const ownBin = isTransactor ? undefined : bins.find((bin) => bin.number === client.binNumber);
  // A saved configuration's BIN stays shown (locked) even if it is no longer a master BIN.
  const masterBins = bins.filter((bin) => bin.flInternal === 1 || bin.id === config?.liveCardBinId);
  const locked = config !== null;
  const initialValues = useMemo(() => toConfigValues(config, ownBin?.id), [config, ownBin?.id]);

  async function onSubmit(values: ConfigValues, form: FormApi<ConfigValues>) {
    // Navigate after the submit event (see client-setup-step): let it finish first.
    await Promise.resolve();
    const bin = bins.find((candidate) => candidate.id === values.liveCardBinId);
    const body = toConfigBody(values, {
      programId,
      programTypeId,
      suffixLength: bin?.extensionLength ?? config?.suffixLength ?? 0,
    });
    const done = await saveAndConfirm(
      () =>
        (config
          ? updateConfiguration({ programId, config: body })
          : createConfiguration(body)
        ).unwrap(),
      config ? SCHEME_TEXT.configUpdated : SCHEME_TEXT.configCreated,
      { form, values },
    );
    if (done) await navigate(withId(nextStep(area, 'config'), programId));
  }

  const typeOptions = expiryTypes.map((type) => ({ value: type.id, label: type.value }));
  const termOptions = expiryTerms.map((term) => ({ value: term.id, label: term.value }));
  const binOptions = masterBins.map((bin) => ({
    value: bin.id,
    label: `${bin.number} - ${bin.name}`,
  }));
  const saving = store.creating || store.updating;

  return (
    <KeepChangesForm<ConfigValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      // A fresh read of the record (the step opened again, a save refused as stale) shows what
      // is stored now in every field the operator has not changed, and keeps what they changed.
    >
      {({ handleSubmit, submitting, form }) => (
        <form onSubmit={submitOrSayInvalid(handleSubmit, form)} noValidate>
          <FormUnsavedChanges<ConfigValues> />
          {isGift ? <MultiTopupWatch /> : null}
          <BinChangeWatch locked={locked} />
          <StoredLockWatch config={config} />
          <Section title={CONFIG_LABEL.sections.rules}>
            <div className="row">
              <div className="col-lg-4">
                <SelectField<number>
                  name="expiryFrom"
                  label={CONFIG_LABEL.expiryFrom}
                  options={typeOptions}
                  validate={VALIDATE.expiryFrom}
                />
              </div>
              <div className="col-lg-4">
                <SelectField<number>
                  name="expiryTerm"
                  label={CONFIG_LABEL.expiryTerm}
                  options={termOptions}
                  validate={VALIDATE.expiryTerm}
                />
              </div>
              <div className="col-lg-4 pt-lg-4">
                <CheckboxField<0 | 1>
                  name="expiryExtend"
                  label={CONFIG_LABEL.expiryExtend}
                  values={[1, 0]}
                />
              </div>
            </div>
          </Section>
          {isGift ? (
            <MinMaxSection
              title={CONFIG_LABEL.sections.totalCredit}
              min="creditMin"
              max="creditMax"
              validateMin={VALIDATE.creditMin}
              validateMax={VALIDATE.creditMax}
            />
          ) : (
            <MinMaxSection
              title={CONFIG_LABEL.sections.totalLoyalty}
              min="loyaltyBalanceMin"
              max="loyaltyBalanceMax"
              validateMin={VALIDATE.loyaltyBalanceMin}
              validateMax={VALIDATE.loyaltyBalanceMax}
            />
          )}
          {isGift ? (
            <MinMaxSection
              title={CONFIG_LABEL.sections.topup}
              min="topupMin"
              max="topupMax"
              validateMin={VALIDATE.topupMin}
              validateMax={VALIDATE.topupMax}
            >
              <CheckboxField<0 | 1>
                name="multiTopup"
                label={CONFIG_LABEL.multiTopup}
                values={[1, 0]}
              />
            </MinMaxSection>
          ) : null}
          <div className="row">
            <div className="col-lg-6">
              <Section title={CONFIG_LABEL.sections.redeem}>
                <MoneyField
                  name="redeemMin"
                  label={CONFIG_LABEL.redeemMin}
                  validate={VALIDATE.redeemMin}
                />
              </Section>
            </div>
            <div className="col-lg-6">
              <Section title={CONFIG_LABEL.sections.transaction}>
                <MoneyField
                  name="redeemMax"
                  label={CONFIG_LABEL.redeemMax}
                  validate={isGift ? VALIDATE.redeemMaxGift : VALIDATE.redeemMaxLoyalty}
                />
              </Section>
            </div>
          </div>
          <Section title={CONFIG_LABEL.sections.merchantTypes}>
            {isGift ? (
              <CheckboxField<0 | 1>
                name="merchantTopup"
                label={CONFIG_LABEL.merchantTopup}
                values={[1, 0]}
              />
            ) : null}
            <CheckboxField<0 | 1>
              name="merchantRedeem"
              label={CONFIG_LABEL.merchantRedeem}
              values={[1, 0]}
            />
            {isGift ? null : (
              <CheckboxField<0 | 1>
                name="merchantLoyaltyRedeem"
                label={CONFIG_LABEL.merchantLoyaltyRedeem}
                values={[1, 0]}
              />
            )}
          </Section>
          <CardsSections
            isGift={isGift}
            isTransactor={isTransactor}
            client={client}
            ownBin={ownBin}
            bins={bins}
            binOptions={binOptions}
            config={config}
          />
          <BusyButton type="submit" variant="primary" busy={submitting || saving}>
            {SCHEME_TEXT.buttons.saveContinue}
          </BusyButton>
        </form>
      )}
    </KeepChangesForm>
  );
}

function MoneyField({
  name,
  label,
  validate,
}: {
  name: string;
  label: string;
  validate: Validator<NumericValue>;
}) {
  return (
    <FloatField
      name={name}
      label={label}
      validate={validate}
      min={MONEY.min}
      max={MONEY.max}
      placeholder="0.00"
    />
  );
}

function MinMaxSection({
  title,
  min,
  max,
  validateMin,
  validateMax,
  children,
}: {
  title: string;
  min: keyof typeof CONFIG_LABEL & keyof ConfigValues;
  max: keyof typeof CONFIG_LABEL & keyof ConfigValues;
  validateMin: Validator<NumericValue>;
  validateMax: Validator<NumericValue>;
  children?: ReactNode;
}) {
  return (
    <Section title={title}>
      {children}
      <div className="row">
        <div className="col-lg-6">
          <MoneyField name={min} label={CONFIG_LABEL[min] as string} validate={validateMin} />
        </div>
        <div className="col-lg-6">
          <MoneyField name={max} label={CONFIG_LABEL[max] as string} validate={validateMax} />
        </div>
      </div>
    </Section>
  );
}

/** The card BIN, the suffix boxes, the suffix numbers and the card counts (03 §2, §4). */
function CardsSections({
  isGift,
  isTransactor,
  client,
  ownBin,
  bins,
  binOptions,
  config,
}: {
  isGift: boolean;
  isTransactor: boolean;
  client: Client;
  ownBin: CardBin | undefined;
  bins: readonly CardBin[];
  binOptions: { value: number; label: string }[];
  config: Config | null;
}) {
  const locked = config !== null;
  const { input: binInput } = useField<number | undefined>('liveCardBinId', {
    subscription: { value: true },
  });
  const binId = typeof binInput.value === 'number' ? binInput.value : undefined;
  const bin = bins.find((candidate) => candidate.id === binId);
  // 03 §4: choosing a bin fetches its next extension base number.
  const base = useBinExtensionNumberQuery(binId ?? skipToken);
  const baseValue = base.currentData;
  const fields = suffixFieldsOf(isGift);

  return (
    <>
      <Section title={CONFIG_LABEL.sections.createCards}>
        <div className="row">
          <div className="col-lg-6">
            {isTransactor ? (
              <SelectField<number>
                name="liveCardBinId"
                label={CONFIG_LABEL.masterBin}
                options={binOptions}
                validate={VALIDATE.masterBin}
                disabled={locked}
                help={locked ? CONFIG_LABEL.lockedHelp : undefined}
              />
            ) : (
              <OwnBinText client={client} ownBin={ownBin} />
            )}
          </div>
          <div className="col-lg-6">
            <ReadOnly label={CONFIG_LABEL.cardLength} value={bin ? String(bin.cardLength) : ''} />
          </div>
        </div>
        <fieldset>
          <legend className="visually-hidden">{CONFIG_LABEL.sections.createCards}</legend>
          {fields.map((field) => (
            <SuffixBox
              key={field}
              field={field}
              base={baseValue}
              extensionLength={bin?.extensionLength}
              saved={config !== null && savedSuffix(config, field) !== null}
            />
          ))}
          {baseValue === undefined && !locked ? (
            <BsForm.Text muted className="d-block mb-3">
              {CONFIG_LABEL.suffixHelp}
            </BsForm.Text>
          ) : null}
        </fieldset>
      </Section>
      <Section title={CONFIG_LABEL.sections.suffixes}>
        <div className="row">
          {fields.map((field) => (
            <div className="col-lg-4" key={field}>
              <SuffixValue field={field} />
            </div>
          ))}
        </div>
      </Section>
      <Section title={CONFIG_LABEL.sections.cardFiles}>
        <div className="row">
          {fields.map((field) => {
            const countField = CARD_COUNT_FIELD[field];
            return countField ? (
              <div className="col-lg-6" key={field}>
                <CardCountField suffixField={field} name={countField} />
              </div>
            ) : null;
          })}
        </div>
      </Section>
    </>
  );
}

function savedSuffix(config: Config, field: SuffixField): string | null {
  if (field === 'suffixBulk') return 'suffixBulk' in config ? config.suffixBulk : null;
  return config[field];
}

/**
 * A client's own BIN, as text (03 §5: 6 to 9 characters); its card BIN is the config's. A BIN
 * text of another length, or a missing card BIN, is this field's error, so the save is refused
 * and points at it.
 */
function OwnBinText({ client, ownBin }: { client: Client; ownBin: CardBin | undefined }) {
  const binNumber = client.binNumber ?? '';
  const { input } = useField<number | undefined>('liveCardBinId', {
    subscription: { value: true },
    validate: (value, allValues) =>
      VALIDATE.binText(binNumber, allValues) ?? required(value, allValues),
  });
  const missing = ownBin === undefined || input.value === undefined;
  return (
    <ReadOnly
      label={CONFIG_LABEL.binNumber}
      value={binNumber}
      error={
        VALIDATE.binText(binNumber, {}) ?? (missing ? CONFIG_LABEL.noOwnBin(binNumber) : undefined)
      }
    />
  );
}

/** A suffix's tick box: base + position on ticking, cleared (with its card count) on unticking. */
function SuffixBox({
  field,
  base,
  extensionLength,
  saved,
}: {
  field: SuffixField;
  base: number | undefined;
  extensionLength: number | undefined;
  saved: boolean;
}) {
  const form = useForm<ConfigValues>();
  const { input } = useField<string | undefined>(field, { subscription: { value: true } });
  const id = useId();
  const ticked = Boolean(input.value);
  const assigned = suffixFor(field, base, extensionLength);
  const enabled = canToggleSuffix({ saved, ticked, assignable: assigned !== undefined });
  const countField = CARD_COUNT_FIELD[field];

  const onChange = (checked: boolean) => {
    form.batch(() => {
      form.change(field, checked ? assigned : undefined);
      if (!checked && countField) form.change(countField, undefined);
    });
  };

  return (
    <BsForm.Check
      type="checkbox"
      id={id}
      label={CONFIG_LABEL.suffix[field]}
      checked={ticked}
      disabled={!enabled}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

function SuffixValue({ field }: { field: SuffixField }) {
  const { input } = useField<string | undefined>(field, { subscription: { value: true } });
  return <ReadOnly label={CONFIG_LABEL.suffixValue[field]} value={input.value ?? ''} />;
}

/** A card count, enabled only while its suffix is ticked (03 §4). */
function CardCountField({
  suffixField,
  name,
}: {
  suffixField: SuffixField;
  name: 'numberStandCards' | 'numberBulkCards';
}) {
  const { input } = useField<string | undefined>(suffixField, { subscription: { value: true } });
  return (
    <TextField
      name={name}
      label={CONFIG_LABEL[name]}
      validate={VALIDATE.cardCount}
      inputMode="numeric"
      disabled={!input.value}
      autoComplete="off"
    />
  );
}

/** 03 §4: unticking Multiple Top-Ups while a top-up min or max is empty clears both. */
function MultiTopupWatch() {
  const form = useForm<ConfigValues>();
  const { input } = useField<0 | 1>('multiTopup', { subscription: { value: true } });
  const previous = useRef(input.value);
  useEffect(() => {
    const was = previous.current;
    previous.current = input.value;
    if (was !== 1 || input.value === 1) return;
    const { topupMin, topupMax } = form.getState().values;
    if (clearsTopups({ topupMin, topupMax })) {
      form.batch(() => {
        form.change('topupMin', undefined);
        form.change('topupMax', undefined);
      });
    }
  }, [input.value, form]);
  return null;
}

/**
 * A stored configuration's card BIN and saved suffixes are locked (03 §4; the server refuses
 * other values): whenever the form gets a stored configuration, those fields show the stored
 * values, whatever the operator picked there. This matters when the configuration appears under
 * a form opened to create one (another operator created it first: the create is refused with 409
 * and the record read again): every other field keeps what the operator typed
 * (KeepChangesForm). If the stored BIN is not the one the operator picked, suffixes they
 * ticked that the stored configuration lacks were numbered from the other BIN, so they are
 * cleared with their card counts, as choosing another BIN clears them (BinChangeWatch).
 */
function StoredLockWatch({ config }: { config: Config | null }) {
  const form = useForm<ConfigValues>();
  useEffect(() => {
    if (config === null) return;
    const stored = toConfigValues(config, undefined);
    const values = form.getState().values;
    const binMoved = values.liveCardBinId !== stored.liveCardBinId;
    form.batch(() => {
      form.change('liveCardBinId', stored.liveCardBinId);
      for (const field of SUFFIX_FIELDS) {
        const countField = CARD_COUNT_FIELD[field];
        if (stored[field] !== undefined) form.change(field, stored[field]);
        else if (binMoved && values[field] !== undefined) {
          form.change(field, undefined);
          if (countField) form.change(countField, undefined);
        }
      }
    });
  }, [config, form]);
  return null;
}

/** A new BIN has a new base: suffixes ticked for the previous one are cleared (03 §4). */
function BinChangeWatch({ locked }: { locked: boolean }) {
  const form = useForm<ConfigValues>();
  const { input } = useField<number | undefined>('liveCardBinId', {
    subscription: { value: true },
  });
  const previous = useRef(input.value);
  useEffect(() => {
    const was = previous.current;
    previous.current = input.value;
    if (locked || was === input.value) return;
    form.batch(() => {
      for (const field of ['suffixStand', 'suffixBulk', 'suffixVirtual'] as const) {
        form.change(field, undefined);
      }
      form.change('numberStandCards', undefined);
      form.change('numberBulkCards', undefined);
    });
  }, [input.value, locked, form]);
  return null;
}
