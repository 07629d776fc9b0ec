import { useMemo } from 'react';
import type { FormApi } from 'final-form';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useNavigate } from 'react-router-dom';
import { SCHEME_TEXT, type LiabilityReportConfig } from '@contracts/api/schemes';
import type { LookupItem } from '@contracts/api/entities';
import { QueryContent } from '@/components/common/query-content';
import { CheckboxField } from '@/components/form/CheckboxField';
import { DateField } from '@/components/form/DateField';
import { RadioGroupField } from '@/components/form/RadioGroupField';
import { SelectField } from '@/components/form/SelectField';
import { TagInputField } from '@/components/form/TagInputField';
import { TextField } from '@/components/form/TextField';
import { withId } from '@/config/paths';
import { useStoreShape } from '@/lib/api/store-shape';
import { KeepChangesForm } from '@/lib/forms/keep-changes-form';
import { FormErrorsProvider } from '@/lib/forms/errorDisplay';
import { FormUnsavedChanges } from '@/lib/forms/unsaved-changes';
import {
  useCreateLiabilityMutation,
  useLiabilityFrequenciesQuery,
  useLiabilityQuery,
  useSchedulerFunctionsQuery,
  useUpdateLiabilityMutation,
} from '../../api/schemes-api';
import { useSchemeArea } from '../../hooks/use-scheme-area';
import { useWizardScheme } from '../../hooks/use-wizard-scheme';
import {
  LIABILITY_LABEL,
  LIABILITY_VALIDATE,
  MODE_OPTIONS,
  emailTagError,
  toLiabilityBody,
  toLiabilityValues,
  type LiabilityMode,
  type LiabilityValues,
} from '../../lib/liability-form';
import { showFailedOrError } from '../../lib/failed-dialog';
import { saveAndConfirm, submitOrSayInvalid } from '../../lib/step-dialogs';
import { useSkipStep } from '../../hooks/use-skip-step';
import { areaPaths, nextStep } from '../../lib/wizard-steps';
import { StepActions } from './step-parts';

/**
 * Liability Reports, step 5 (03 §2, §4, §5 Liability): recipient, CC and BCC as e-mail tags
 * (added on space), subject, either a frequency with a next execution date or a scheduler
 * function, and a grouping horizon. Fields are enabled only while the enable box is ticked, and
 * so is "Save & Continue". The existing configuration is loaded (a failed load counts as none):
 * a save updates it, or creates one, with flActive 1 and only the chosen mode's fields, then
 * moves to step index 6 (Base Campaign for loyalty, Summary for gift). Errors show only after a
 * submit attempt.
 */
export function LiabilityStep() {
  const area = useSchemeArea();
  const { id, client } = useWizardScheme();
  // Read again each time the step opens: another operator may have saved since.
  const liabilityQuery = useLiabilityQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  const liability = useStoreShape({ ...liabilityQuery, data: liabilityQuery.currentData });
  const frequencies = useStoreShape(useLiabilityFrequenciesQuery());
  const schedulers = useStoreShape(useSchedulerFunctionsQuery());

  if (id === null) {
    return (
      <p>
        {LIABILITY_LABEL.noScheme}{' '}
        <Link to={areaPaths(area).wizard.setup.path}>{SCHEME_TEXT.tabs.setup}</Link>
      </p>
    );
  }
  const lists = [frequencies, schedulers];
  const state = {
    loading:
      (liability.data === undefined && liability.loading) ||
      lists.some((list) => list.data === undefined && list.loading),
    error: [liability.error, ...lists.map((list) => list.error)].find(
      (error) => error.code !== 0,
    ) ?? { code: 0, message: null },
  };

  return (
    <div>
      {client && <h3 className="h5 mb-3">{SCHEME_TEXT.liabilityTitle(client.clientName)}</h3>}
      <QueryContent state={state}>
        {liability.data !== undefined && (
          <LiabilityForm
            key={id}
            programId={id}
            config={liability.data}
            frequencies={frequencies.data ?? []}
            schedulers={schedulers.data ?? []}
          />
        )}
      </QueryContent>
    </div>
  );
}

const toOptions = (items: readonly LookupItem[]) =>
  items.map((item) => ({ value: item.id, label: item.value }));

function LiabilityForm({
  programId,
  config,
  frequencies,
  schedulers,
}: {
  programId: number;
  config: LiabilityReportConfig | null;
  frequencies: readonly LookupItem[];
  schedulers: readonly LookupItem[];
}) {
  const area = useSchemeArea();
  const navigate = useNavigate();
  const [createLiability, createState] = useCreateLiabilityMutation();
  const [updateLiability, updateState] = useUpdateLiabilityMutation();
  const saving = useStoreShape(undefined, { create: createState, update: updateState });
  const isUpdate = config !== null;
  const initialValues = useMemo(() => toLiabilityValues(config), [config]);
  const next = withId(nextStep(area, 'liability'), programId);
  const { skip, isUnsaved } = useSkipStep(next);

  async function onSubmit(values: LiabilityValues, form: FormApi<LiabilityValues>) {
    const body = toLiabilityBody(programId, values);
    const done = await saveAndConfirm(
      () => (isUpdate ? updateLiability(body) : createLiability(body)).unwrap(),
      isUpdate ? SCHEME_TEXT.liabilityUpdated : SCHEME_TEXT.liabilityCreated,
      { form, values },
      showFailedOrError,
    );
    if (done) await navigate(next);
  }

  const busy = saving.creating || saving.updating;

  return (
    <KeepChangesForm<LiabilityValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      // A fresh read of the record (the step opened again, a save refused as stale) shows what
      // is stored now in every field the operator has not changed, and keeps what they changed.
    >
      {({ handleSubmit, submitting, form, values, submitFailed }) => {
        const off = !values.enabled;
        const mode: LiabilityMode = values.mode;
        return (
          // 03 §5: errors show only after a submit attempt.
          <FormErrorsProvider showErrors={Boolean(submitFailed)} afterSubmitOnly>
            <form onSubmit={submitOrSayInvalid(handleSubmit, form)} noValidate>
              <FormUnsavedChanges<LiabilityValues> isUnsaved={isUnsaved} />
              <CheckboxField name="enabled" label={LIABILITY_LABEL.enabled} />
              <div className="row">
                <div className="col-lg-6">
                  <TagInputField
                    name="emailRecipient"
                    label={LIABILITY_LABEL.recipient}
                    validate={LIABILITY_VALIDATE.emailRecipient}
                    help={LIABILITY_LABEL.tagsHelp}
                    addOnSpace
                    validateTag={emailTagError}
                    disabled={off}
                  />
                  <TagInputField
                    name="emailCC"
                    label={LIABILITY_LABEL.cc}
                    validate={LIABILITY_VALIDATE.emailList}
                    addOnSpace
                    validateTag={emailTagError}
                    disabled={off}
                  />
                  <TagInputField
                    name="emailBCC"
                    label={LIABILITY_LABEL.bcc}
                    validate={LIABILITY_VALIDATE.emailList}
                    addOnSpace
                    validateTag={emailTagError}
                    disabled={off}
                  />
                  <TextField
                    name="emailSubject"
                    label={LIABILITY_LABEL.subject}
                    validate={LIABILITY_VALIDATE.emailSubject}
                    autoComplete="off"
                    disabled={off}
                  />
                </div>
                <div className="col-lg-6">
                  <RadioGroupField<LiabilityMode>
                    name="mode"
                    label={LIABILITY_LABEL.mode}
                    options={MODE_OPTIONS}
                    disabled={off}
                  />
                  <SelectField<number>
                    name="frequency"
                    label={LIABILITY_LABEL.frequency}
                    options={toOptions(frequencies)}
                    validate={LIABILITY_VALIDATE.frequency}
                    disabled={off || mode !== 'frequency'}
                  />
                  <DateField
                    name="nextExecutionDate"
                    label={LIABILITY_LABEL.nextExecutionDate}
                    validate={LIABILITY_VALIDATE.nextExecutionDate}
                    disabled={off || mode !== 'frequency'}
                  />
                  <SelectField<number>
                    name="schedulerFunction"
                    label={LIABILITY_LABEL.schedulerFunction}
                    options={toOptions(schedulers)}
                    validate={LIABILITY_VALIDATE.schedulerFunction}
                    disabled={off || mode !== 'scheduler'}
                  />
                  <TextField
                    name="groupingHorizon"
                    label={LIABILITY_LABEL.groupingHorizon}
                    validate={LIABILITY_VALIDATE.groupingHorizon}
                    help={LIABILITY_LABEL.groupingHorizonHelp}
                    inputMode="numeric"
                    autoComplete="off"
                    disabled={off}
                  />
                </div>
              </div>
              <StepActions
                saving={submitting || busy}
                saveDisabled={off}
                skipDisabled={submitting || busy}
                onSkip={skip}
              />
            </form>
          </FormErrorsProvider>
        );
      }}
    </KeepChangesForm>
  );
}
