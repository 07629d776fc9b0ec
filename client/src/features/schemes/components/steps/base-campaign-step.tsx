import { useEffect, useId, useMemo, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import BsForm from 'react-bootstrap/Form';
import type { FormApi } from 'final-form';
import { useForm, useFormState } from 'react-final-form';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useNavigate } from 'react-router-dom';
import {
  BASE_CAMPAIGN_ACTION,
  BASE_CAMPAIGN_ACTION_LABEL,
  BASE_CAMPAIGN_SCALE,
  MONEY,
  SCHEME_FINANCE_MESSAGE,
  SCHEME_TEXT,
  type BaseCampaignActionTypeId,
} from '@contracts/api/schemes';
import { QueryContent } from '@/components/common/query-content';
import { FloatField } from '@/components/form/FloatField';
import { RadioGroupField } from '@/components/form/RadioGroupField';
import { withId } from '@/config/paths';
import { NO_ERROR, useStoreShape } from '@/lib/api/store-shape';
import { KeepChangesForm } from '@/lib/forms/keep-changes-form';
import { FormUnsavedChanges } from '@/lib/forms/unsaved-changes';
import {
  composeValidators,
  decimal,
  required,
  type TextValue,
  type Validator,
} from '@/lib/forms/validators';
import {
  useCampaignActionQuery,
  useCampaignNonActionsQuery,
  useCreateBaseCampaignMutation,
  useUpdateBaseCampaignMutation,
} from '../../api/schemes-api';
import { useWizardScheme } from '../../hooks/use-wizard-scheme';
import {
  ACTION_OPTIONS,
  addRow,
  BASE_CAMPAIGN_LABEL,
  canAddRow,
  isRowEditable,
  multiplierField,
  removeLastRow,
  SCALE_ACTION,
  SCALE_MODES,
  scaleLabel,
  toBody,
  toFormValues,
  type BaseCampaignValues,
  type ScaleMode,
  type ScaleRow,
} from '../../lib/base-campaign';
import { showFailedOrError } from '../../lib/failed-dialog';
import { GENERAL_LABEL } from '../../lib/scheme-texts';
import { saveAndConfirm } from '../../lib/step-dialogs';
import { useSkipStep } from '../../hooks/use-skip-step';
import { areaPaths, nextStep } from '../../lib/wizard-steps';
import { StepActions } from './step-parts';
import { useField } from '@/lib/forms/use-field';

/** A rule that applies only while the given action type is chosen. */
const inMode =
  (type: BaseCampaignActionTypeId, rule: Validator<TextValue>): Validator<TextValue> =>
  (value, allValues) =>
    (allValues as BaseCampaignValues).actionTypeId === type ? rule(value, allValues) : undefined;

/** Above 0 (the server refuses 0 for amount per and multipliers). */
const aboveZero =
  (message: string): Validator<TextValue> =>
  (value) =>
    value === undefined || value === null || value === '' || Number(value) > 0
      ? undefined
      : message;

/** 03 §5 Base campaign: flat points in flat mode, the relative pair in relative mode. */
const VALIDATE = {
  flatPoints: inMode(BASE_CAMPAIGN_ACTION.FLAT, composeValidators(required, decimal)),
  relativeUnits: inMode(BASE_CAMPAIGN_ACTION.RELATIVE, composeValidators(required, decimal)),
  relativeAmountPer: inMode(
    BASE_CAMPAIGN_ACTION.RELATIVE,
    composeValidators(required, decimal, aboveZero(SCHEME_FINANCE_MESSAGE.amountPer)),
  ),
  multiplier: {
    sliding: inMode(
      BASE_CAMPAIGN_ACTION.SLIDING,
      composeValidators(required, decimal, aboveZero(SCHEME_FINANCE_MESSAGE.multiplier)),
    ),
    steping: inMode(
      BASE_CAMPAIGN_ACTION.STEPING,
      composeValidators(required, decimal, aboveZero(SCHEME_FINANCE_MESSAGE.multiplier)),
    ),
  },
} as const;

/**
 * Base Campaign, loyalty step 6 of 7 (03 §2, §4, §5, §8): five modes (default, flat, relative,
 * sliding and steping scale). The mode starts as default and follows the saved campaign; a save
 * updates an existing campaign (POST .../update) or creates one, says so and moves to the
 * Summary. Scale rows run on $0-$200: only the last row of the active mode is editable, 'Add
 * Scale' continues from the previous max + 1, the last row can be removed while more than one
 * is left. 'Skip this step' asks first.
 */
export function BaseCampaignStep() {
  const wizard = useWizardScheme();
  const { id, client } = wizard;
  // Both read again each time the step opens: another operator may have saved since, and a
  // save sends the rows the form shows under the action's tag (If-Match).
  const actionQuery = useCampaignActionQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  const rowsQuery = useCampaignNonActionsQuery(id ?? skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const [, createState] = useCreateBaseCampaignMutation({ fixedCacheKey: 'base-campaign-create' });
  const [, updateState] = useUpdateBaseCampaignMutation({ fixedCacheKey: 'base-campaign-update' });
  // The base campaign's store (03 §3): the saved action with the create / update flags.
  const campaign = useStoreShape(
    { ...actionQuery, data: actionQuery.currentData },
    { create: createState, update: updateState },
  );
  const rows = useStoreShape({ ...rowsQuery, data: rowsQuery.currentData });
  // Once per read of the action and its rows.
  const values = useMemo(() => toFormValues(campaign.data, rows.data), [campaign.data, rows.data]);

  if (id === null) {
    return (
      <p>
        {GENERAL_LABEL.noClient}{' '}
        <Link to={areaPaths('loyalty').wizard.setup.path}>{SCHEME_TEXT.tabs.setup}</Link>
      </p>
    );
  }

  const state = {
    loading:
      (campaign.data === undefined && campaign.loading) ||
      (rows.data === undefined && rows.loading) ||
      (client === undefined && wizard.clients.loading),
    error:
      [actionQuery.error ? campaign.error : NO_ERROR, rows.error].find(
        (error) => error.code !== 0,
      ) ?? NO_ERROR,
  };

  return (
    <QueryContent state={state}>
      <h3 className="h5 mb-3">{SCHEME_TEXT.baseCampaignTitle(client?.clientName ?? '')}</h3>
      {campaign.data !== undefined && rows.data !== undefined ? (
        <BaseCampaignForm
          key={id}
          programId={id}
          exists={campaign.data !== null}
          values={values}
          saving={campaign.creating || campaign.updating}
        />
      ) : null}
    </QueryContent>
  );
}

function BaseCampaignForm({
  programId,
  exists,
  values,
  saving,
}: {
  programId: number;
  exists: boolean;
  values: BaseCampaignValues;
  saving: boolean;
}) {
  const navigate = useNavigate();
  const [createCampaign] = useCreateBaseCampaignMutation({
    fixedCacheKey: 'base-campaign-create',
  });
  const [updateCampaign] = useUpdateBaseCampaignMutation({
    fixedCacheKey: 'base-campaign-update',
  });
  // Per read of the campaign; a read again keeps what the operator typed (KeepChangesForm).
  const initialValues = values;
  const next = withId(nextStep('loyalty', 'basecampaign'), programId);

  async function onSubmit(values: BaseCampaignValues, form: FormApi<BaseCampaignValues>) {
    const body = toBody(programId, values);
    const done = await saveAndConfirm(
      () => (exists ? updateCampaign(body) : createCampaign(body)).unwrap(),
      exists ? SCHEME_TEXT.baseCampaignUpdated : SCHEME_TEXT.baseCampaignCreated,
      { form, values },
      showFailedOrError,
    );
    if (done) await navigate(next);
  }

  const { skip, isUnsaved } = useSkipStep(next);

  return (
    <KeepChangesForm<BaseCampaignValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      // A fresh read of the record (the step opened again, a save refused as stale) shows what
      // is stored now in every field the operator has not changed, and keeps what they changed.
    >
      {({ handleSubmit, submitting, values: current }) => (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <FormUnsavedChanges<BaseCampaignValues> isUnsaved={isUnsaved} />
          <RadioGroupField<BaseCampaignActionTypeId>
            name="actionTypeId"
            label={BASE_CAMPAIGN_LABEL.mode}
            options={ACTION_OPTIONS}
          />
          <fieldset
            className="mb-3"
            disabled={current.actionTypeId !== BASE_CAMPAIGN_ACTION.FLAT}
            aria-label={BASE_CAMPAIGN_ACTION_LABEL[BASE_CAMPAIGN_ACTION.FLAT]}
          >
            <legend className="h6">{BASE_CAMPAIGN_ACTION_LABEL[BASE_CAMPAIGN_ACTION.FLAT]}</legend>
            <div className="row">
              <div className="col-md-4">
                <FloatField
                  name="flatPoints"
                  label={BASE_CAMPAIGN_LABEL.flatPoints}
                  validate={VALIDATE.flatPoints}
                  min={MONEY.min}
                  max={MONEY.max}
                />
              </div>
            </div>
          </fieldset>
          <fieldset
            className="mb-3"
            disabled={current.actionTypeId !== BASE_CAMPAIGN_ACTION.RELATIVE}
            aria-label={BASE_CAMPAIGN_ACTION_LABEL[BASE_CAMPAIGN_ACTION.RELATIVE]}
          >
            <legend className="h6">
              {BASE_CAMPAIGN_ACTION_LABEL[BASE_CAMPAIGN_ACTION.RELATIVE]}
            </legend>
            <div className="row">
              <div className="col-md-4">
                <FloatField
                  name="relativeUnits"
                  label={BASE_CAMPAIGN_LABEL.relativeUnits}
                  validate={VALIDATE.relativeUnits}
                  min={MONEY.min}
                  max={MONEY.max}
                />
              </div>
              <div className="col-md-4">
                <FloatField
                  name="relativeAmountPer"
                  label={BASE_CAMPAIGN_LABEL.relativeAmountPer}
                  validate={VALIDATE.relativeAmountPer}
                  min={MONEY.min}
                  max={MONEY.max}
                />
              </div>
            </div>
          </fieldset>
          {SCALE_MODES.map((mode) => (
            <ScaleSection key={mode} mode={mode} />
          ))}
          <StepActions
            saving={submitting || saving}
            skipDisabled={submitting || saving}
            onSkip={skip}
          />
        </form>
      )}
    </KeepChangesForm>
  );
}

/**
 * A sliding or steping scale: its rows, 'Add Scale', and remove on the last row. A row is locked
 * once another follows it, so 'Add Scale' first asks for a valid multiplier on the last row: it
 * shows that field's error and focuses it instead of adding a row. A removed row takes its
 * Remove button with it: the focus goes to the new last row's Remove, or to 'Add Scale'.
 */
function ScaleSection({ mode }: { mode: ScaleMode }) {
  const form = useForm<BaseCampaignValues>();
  const { values } = useFormState<BaseCampaignValues>({ subscription: { values: true } });
  const rows = values[mode];
  const active = values.actionTypeId === SCALE_ACTION[mode];
  const modeLabel = BASE_CAMPAIGN_ACTION_LABEL[SCALE_ACTION[mode]];
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const removed = useRef(false);

  useEffect(() => {
    if (!removed.current) return;
    removed.current = false;
    const lastRemove = section.current?.querySelector<HTMLButtonElement>(
      `button[aria-label="${BASE_CAMPAIGN_LABEL.removeRow(modeLabel, rows.length - 1)}"]`,
    );
    (lastRemove ?? addButton.current)?.focus();
  });

  function remove() {
    removed.current = true;
    form.change(mode, removeLastRow(rows));
  }

  function add() {
    // Row fields are named by path (`sliding[1].multiplier`), which the typed keys do not cover.
    const last = multiplierField(mode, rows.length - 1) as keyof BaseCampaignValues;
    if (rows.length > 0 && form.getFieldState(last)?.error) {
      form.blur(last);
      section.current?.querySelector<HTMLInputElement>(`input[name="${last}"]`)?.focus();
      return;
    }
    form.change(mode, addRow(rows));
  }

  return (
    <section ref={section} className="mb-3" aria-labelledby={headingId}>
      <h4 id={headingId} className="h6">
        {modeLabel}
      </h4>
      {rows.map((row, index) => (
        <ScaleRowView
          key={index}
          mode={mode}
          index={index}
          row={row}
          modeLabel={modeLabel}
          editable={isRowEditable(mode, index, rows, values.actionTypeId)}
          removable={active && rows.length > 1 && index === rows.length - 1}
          onRemove={remove}
        />
      ))}
      <Button
        ref={addButton}
        variant="outline-primary"
        size="sm"
        disabled={!active || !canAddRow(rows)}
        aria-label={BASE_CAMPAIGN_LABEL.addScale(modeLabel)}
        onClick={add}
      >
        {SCHEME_TEXT.buttons.addScale}
      </Button>
    </section>
  );
}

function ScaleRowView({
  mode,
  index,
  row,
  modeLabel,
  editable,
  removable,
  onRemove,
}: {
  mode: ScaleMode;
  index: number;
  row: ScaleRow;
  modeLabel: string;
  editable: boolean;
  removable: boolean;
  onRemove(): void;
}) {
  const sliderId = useId();
  const { input } = useField<number>(`${mode}[${index}].max`, { subscription: { value: true } });
  const label = BASE_CAMPAIGN_LABEL.row(modeLabel, index);

  return (
    <fieldset className="border rounded p-2 mb-2">
      <legend className="fs-6 float-none w-auto px-1 mb-0">{label}</legend>
      <div className="row align-items-end g-2">
        <div className="col-md-6">
          {/* Plain text: browsers leave an <output>'s text out of the slider's name. */}
          <BsForm.Label htmlFor={sliderId} className="mb-0 fw-semibold">
            {BASE_CAMPAIGN_LABEL.range(row.min, row.max)}
          </BsForm.Label>
          <BsForm.Range
            id={sliderId}
            min={row.min}
            max={BASE_CAMPAIGN_SCALE.max}
            step={BASE_CAMPAIGN_SCALE.step}
            value={row.max}
            aria-valuetext={scaleLabel(row.max)}
            disabled={!editable}
            onChange={(event) => input.onChange(Number(event.target.value))}
          />
        </div>
        <div className="col-md-4">
          <FloatField
            name={multiplierField(mode, index)}
            label={BASE_CAMPAIGN_LABEL.multiplier}
            validate={VALIDATE.multiplier[mode]}
            disabled={!editable}
            min={MONEY.min}
            max={MONEY.max}
            className="mb-0"
          />
        </div>
        <div className="col-md-2">
          {removable ? (
            <Button
              variant="outline-danger"
              size="sm"
              aria-label={BASE_CAMPAIGN_LABEL.removeRow(modeLabel, index)}
              onClick={onRemove}
            >
              {BASE_CAMPAIGN_LABEL.remove}
            </Button>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
