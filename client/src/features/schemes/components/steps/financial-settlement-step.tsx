import { useEffect, useMemo, useRef } from 'react';
import type { FormApi } from 'final-form';
import { useForm } from 'react-final-form';
import { Link, useNavigate } from 'react-router-dom';
import {
  SCHEME_TEXT,
  SETTLEMENT_FREQUENCY,
  type Bank,
  type FinancialSettlement,
} from '@contracts/api/schemes';
import { applyMask } from '@contracts/validation/rules';
import { QueryContent } from '@/components/common/query-content';
import { CheckboxField } from '@/components/form/CheckboxField';
import { DateField } from '@/components/form/DateField';
import { MaskedField } from '@/components/form/MaskedField';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextField';
import { withId } from '@/config/paths';
import { useStoreShape } from '@/lib/api/store-shape';
import { KeepChangesForm } from '@/lib/forms/keep-changes-form';
import { FormUnsavedChanges } from '@/lib/forms/unsaved-changes';
import {
  useBanksQuery,
  useCreateSettlementMutation,
  useUpdateSettlementMutation,
} from '../../api/schemes-api';
import { useSchemeArea } from '../../hooks/use-scheme-area';
import { useWizardScheme } from '../../hooks/use-wizard-scheme';
import {
  FREQUENCY_OPTIONS,
  SETTLEMENT_LABEL,
  WHEN_OPTIONS,
  dayOfWeekEnabled,
  dayOptions,
  settlementValidators,
  toSettlementBody,
  toSettlementValues,
  whenEnabled,
  type SettlementValues,
} from '../../lib/settlement-form';
import { saveAndConfirm, submitOrSayInvalid } from '../../lib/step-dialogs';
import { useSkipStep } from '../../hooks/use-skip-step';
import { areaPaths, nextStep } from '../../lib/wizard-steps';
import { StepActions } from './step-parts';
import { useField } from '@/lib/forms/use-field';

/**
 * Financial Settlement, step 4 (03 §2, §4, §5 Financial): bank, bank authority (twice), pool
 * account name, pool account number on the bank's format (twice), frequency with its 'when' or
 * day of week, start and end dates and dual billing. Fields are disabled until the enable box is
 * ticked. A save creates the settlement when the scheme has none, else updates it, and moves to
 * Liability Reports; so does "Skip this step" once confirmed. With the box unticked there is
 * nothing to save: "Save & Continue" moves on (03 has no call to remove a settlement).
 */
export function FinancialSettlementStep() {
  const area = useSchemeArea();
  const wizard = useWizardScheme();
  const banks = useStoreShape(useBanksQuery());
  const { id, settlement, client } = wizard;
  const state = {
    loading:
      (banks.data === undefined && banks.loading) ||
      (id !== null && settlement.data === undefined && settlement.loading),
    error: [settlement.error, banks.error].find((error) => error.code !== 0) ?? {
      code: 0,
      message: null,
    },
  };

  if (id === null) {
    return (
      <p>
        {SETTLEMENT_LABEL.noScheme}{' '}
        <Link to={areaPaths(area).wizard.setup.path}>{SCHEME_TEXT.tabs.setup}</Link>
      </p>
    );
  }
  return (
    <div>
      {client && <h3 className="h5 mb-3">{SETTLEMENT_LABEL.title(client.clientName)}</h3>}
      <QueryContent state={state}>
        {settlement.data !== undefined && banks.data !== undefined && (
          <SettlementForm key={id} programId={id} settlement={settlement.data} banks={banks.data} />
        )}
      </QueryContent>
    </div>
  );
}

function SettlementForm({
  programId,
  settlement,
  banks,
}: {
  programId: number;
  settlement: FinancialSettlement | null;
  banks: readonly Bank[];
}) {
  const area = useSchemeArea();
  const navigate = useNavigate();
  const [createSettlement, createState] = useCreateSettlementMutation();
  const [updateSettlement, updateState] = useUpdateSettlementMutation();
  const saving = useStoreShape(undefined, { create: createState, update: updateState });
  const isUpdate = settlement !== null;
  // Initial values once per settlement read; a read again (another operator's create or save)
  // keeps what the operator typed (KeepChangesForm below).
  const initialValues = useMemo(() => toSettlementValues(settlement, banks), [settlement, banks]);
  const validate = useMemo(() => settlementValidators(banks), [banks]);
  const bankOptions = banks.map((b) => ({ value: b.id, label: b.bankName }));
  const next = withId(nextStep(area, 'financial'), programId);
  const { skip, isUnsaved } = useSkipStep(next);

  async function onSubmit(values: SettlementValues, form: FormApi<SettlementValues>) {
    if (!values.enabled) {
      // Out of the submit event first: a navigation (a transition) started inside it would make
      // React treat the form's submit as a form action.
      await Promise.resolve();
      await navigate(next);
      return;
    }
    const body = toSettlementBody(programId, values);
    const done = await saveAndConfirm(
      () => (isUpdate ? updateSettlement(body) : createSettlement(body)).unwrap(),
      isUpdate ? SCHEME_TEXT.settlementUpdated : SCHEME_TEXT.settlementCreated,
      { form, values },
    );
    if (done) await navigate(next);
  }

  const busy = saving.creating || saving.updating;

  return (
    <KeepChangesForm<SettlementValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      // A fresh read of the record (the step opened again, a save refused as stale) shows what
      // is stored now in every field the operator has not changed, and keeps what they changed.
    >
      {({ handleSubmit, submitting, form, values }) => {
        const off = !values.enabled;
        const format = banks.find((b) => b.id === values.bankId)?.accountFormat;
        return (
          <form onSubmit={submitOrSayInvalid(handleSubmit, form)} noValidate>
            <FormUnsavedChanges<SettlementValues> isUnsaved={isUnsaved} />
            <FrequencyRules />
            <BankFormatRule banks={banks} />
            <CheckboxField name="enabled" label={SETTLEMENT_LABEL.enabled} />
            <div className="row">
              <div className="col-lg-6">
                <SelectField<number>
                  name="bankId"
                  label={SETTLEMENT_LABEL.bank}
                  options={bankOptions}
                  validate={validate.bankId}
                  disabled={off}
                />
                <TextField
                  name="bankAuthority"
                  label={SETTLEMENT_LABEL.bankAuthority}
                  validate={validate.bankAuthority}
                  inputMode="numeric"
                  autoComplete="off"
                  disabled={off}
                />
                <TextField
                  name="bankAuthorityRepeat"
                  label={SETTLEMENT_LABEL.bankAuthorityRepeat}
                  validate={validate.bankAuthorityRepeat}
                  inputMode="numeric"
                  autoComplete="off"
                  disabled={off}
                />
                <TextField
                  name="poolAccName"
                  label={SETTLEMENT_LABEL.poolAccName}
                  validate={validate.poolAccName}
                  autoComplete="off"
                  disabled={off}
                />
                <AccountNumberField
                  name="poolAccBankNumber"
                  label={SETTLEMENT_LABEL.poolAccBankNumber}
                  format={format}
                  validate={validate.poolAccBankNumber}
                  disabled={off}
                />
                <AccountNumberField
                  name="poolAccBankNumberRepeat"
                  label={SETTLEMENT_LABEL.poolAccBankNumberRepeat}
                  format={format}
                  validate={validate.poolAccBankNumberRepeat}
                  disabled={off}
                />
              </div>
              <div className="col-lg-6">
                <SelectField<number>
                  name="frequency"
                  label={SETTLEMENT_LABEL.frequency}
                  options={FREQUENCY_OPTIONS}
                  validate={validate.frequency}
                  disabled={off}
                />
                <SelectField<number>
                  name="frequencyWhen"
                  label={SETTLEMENT_LABEL.when}
                  options={WHEN_OPTIONS}
                  validate={validate.frequencyWhen}
                  disabled={off || !whenEnabled(values.frequency)}
                />
                <SelectField<number>
                  name="frequencyDayOfWeek"
                  label={SETTLEMENT_LABEL.dayOfWeek}
                  options={dayOptions(values.frequency)}
                  placeholder={
                    values.frequency === SETTLEMENT_FREQUENCY.DAILY
                      ? SETTLEMENT_LABEL.everyWorkingDay
                      : ''
                  }
                  validate={validate.frequencyDayOfWeek}
                  disabled={off || !dayOfWeekEnabled(values.frequency)}
                />
                <DateField
                  name="startDate"
                  label={SETTLEMENT_LABEL.startDate}
                  validate={validate.startDate}
                  disabled={off}
                />
                <DateField
                  name="endDate"
                  label={SETTLEMENT_LABEL.endDate}
                  validate={validate.endDate}
                  disabled={off}
                />
                <CheckboxField<0 | 1>
                  name="flDualBillingSeq"
                  label={SETTLEMENT_LABEL.dualBilling}
                  values={[1, 0]}
                  disabled={off}
                />
              </div>
            </div>
            <StepActions
              saving={submitting || busy}
              skipDisabled={submitting || busy}
              onSkip={skip}
            />
          </form>
        );
      }}
    </KeepChangesForm>
  );
}

/** The pool account number: masked by the chosen bank's account format (03 §5). */
function AccountNumberField({
  format,
  ...props
}: {
  name: string;
  label: string;
  format: string | undefined;
  validate: ReturnType<typeof settlementValidators>['poolAccBankNumber'];
  disabled: boolean;
}) {
  const common = { ...props, autoComplete: 'off' as const };
  return format ? (
    <MaskedField {...common} mask={format} help={SETTLEMENT_LABEL.accountFormatHelp(format)} />
  ) : (
    <TextField {...common} />
  );
}

/**
 * 03 §4: choosing frequency 1 (monthly) clears the day of week; any other frequency clears
 * 'When'; no frequency clears both (both are disabled then). Only on a change of frequency, so
 * loaded values stay.
 */
function FrequencyRules() {
  const form = useForm<SettlementValues>();
  const { input } = useField<number | undefined>('frequency', { subscription: { value: true } });
  const frequency = typeof input.value === 'number' ? input.value : undefined;
  const previous = useRef(frequency);
  useEffect(() => {
    if (previous.current === frequency) return;
    previous.current = frequency;
    if (!dayOfWeekEnabled(frequency)) form.change('frequencyDayOfWeek', undefined);
    if (!whenEnabled(frequency)) form.change('frequencyWhen', undefined);
  }, [frequency, form]);
  return null;
}

/** A change of bank fits the account numbers typed so far to the new bank's format. */
function BankFormatRule({ banks }: { banks: readonly Bank[] }) {
  const form = useForm<SettlementValues>();
  const { input } = useField<number | undefined>('bankId', { subscription: { value: true } });
  const bankId = typeof input.value === 'number' ? input.value : undefined;
  const previous = useRef(bankId);
  useEffect(() => {
    if (previous.current === bankId) return;
    previous.current = bankId;
    const format = banks.find((b) => b.id === bankId)?.accountFormat;
    if (!format) return;
    const { poolAccBankNumber, poolAccBankNumberRepeat } = form.getState().values;
    if (poolAccBankNumber) form.change('poolAccBankNumber', applyMask(format, poolAccBankNumber));
    if (poolAccBankNumberRepeat) {
      form.change('poolAccBankNumberRepeat', applyMask(format, poolAccBankNumberRepeat));
    }
  }, [bankId, banks, form]);
  return null;
}
