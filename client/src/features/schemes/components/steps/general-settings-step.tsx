import { useEffect, useMemo, useRef } from 'react';
import type { FormApi } from 'final-form';
import { useForm } from 'react-final-form';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useNavigate } from 'react-router-dom';
import { IMAGE_LIMITS } from '@contracts/api/constants';
import { DIALOG_TEXT } from '@contracts/api/messages';
import {
  SCHEME_LIMITS,
  SCHEME_STATUS,
  SCHEME_TEXT,
  type Client,
  type Scheme,
  type SchemeInput,
} from '@contracts/api/schemes';
import { BusyButton } from '@/components/common/busy-button';
import { QueryContent } from '@/components/common/query-content';
import { ChecklistGroupField } from '@/components/form/ChecklistField';
import { ImageSlotField } from '@/components/form/ImageSlotField';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextField';
import { UpperCaseField } from '@/components/form/UpperCaseField';
import { withId } from '@/config/paths';
import { useUploadImageMutation } from '@/lib/api/images-api';
import {
  useCountriesQuery,
  useStatesQuery,
  useTransactionMethodsQuery,
} from '@/lib/api/lookups-api';
import { useStoreShape } from '@/lib/api/store-shape';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { KeepChangesForm } from '@/lib/forms/keep-changes-form';
import { FormUnsavedChanges } from '@/lib/forms/unsaved-changes';
import {
  alphaNumSpace,
  alphaOnly,
  areEqual,
  composeValidators,
  email,
  maxLength,
  numOnly,
  required,
  url,
  type TextValue,
  type Validator,
} from '@/lib/forms/validators';
import { selectRuntimeConfig } from '@/lib/store/config-slice';
import { useAppSelector } from '@/lib/store/hooks';
import { useCreateSchemeMutation, useUpdateSchemeMutation } from '../../api/schemes-api';
import { useSchemeArea } from '../../hooks/use-scheme-area';
import { useWizardScheme } from '../../hooks/use-wizard-scheme';
import { schemeImageSrc } from '../../lib/scheme-images';
import { GENERAL_LABEL } from '../../lib/scheme-texts';
import { saveAndConfirm, showSaveError, submitOrSayInvalid } from '../../lib/step-dialogs';
import { AREA_PROGRAM_TYPE, areaPaths } from '../../lib/wizard-steps';
import { ReadOnly, Section } from './step-parts';
import { useField } from '@/lib/forms/use-field';

export interface GeneralValues {
  schemeName?: string;
  schemeShortName?: string;
  schemeAbbreviation?: string;
  poweruserLogin?: string;
  poweruserPassword?: string;
  poweruserPasswordRepeat?: string;
  buttonImgUrl?: string;
  logoImgUrl?: string;
  address1?: string;
  address2?: string;
  address3?: string;
  address4?: string;
  suburb?: string;
  city?: string;
  countryId?: number;
  stateId?: number;
  postcode?: string;
  email?: string;
  website?: string;
  mobile?: string;
  landline?: string;
  transactionMethods?: number[];
}

/** Letters, digits and spaces only (03 §5: scheme name, address lines, suburb, city, postcode). */

const address = (max: number) => composeValidators(maxLength(max), alphaNumSpace);

/** The rules of 03 §5 General, field by field. */
const VALIDATE = {
  schemeName: composeValidators(required, maxLength(SCHEME_LIMITS.schemeName), alphaNumSpace),
  schemeShortName: composeValidators(required, maxLength(SCHEME_LIMITS.shortName), alphaOnly),
  schemeAbbreviation: composeValidators(required, maxLength(SCHEME_LIMITS.abbreviation), alphaOnly),
  poweruserLogin: composeValidators(required, maxLength(SCHEME_LIMITS.poweruserLogin)),
  addressLine: address(SCHEME_LIMITS.addressLine),
  suburb: address(SCHEME_LIMITS.suburb),
  city: address(SCHEME_LIMITS.city),
  postcode: address(SCHEME_LIMITS.postcode),
  countryId: required,
  email: composeValidators(required, email, maxLength(SCHEME_LIMITS.email)),
  website: composeValidators(maxLength(SCHEME_LIMITS.website), url),
  mobile: composeValidators(required, numOnly, maxLength(SCHEME_LIMITS.mobile)),
  landline: composeValidators(required, numOnly, maxLength(SCHEME_LIMITS.landline)),
  transactionMethods: required,
} as const;

/**
 * Password and repeat: required and at most 15, the repeat equal to the password (03 §5). A saved
 * password is never answered (the server keeps only its hash), so on an update both may stay
 * empty to keep it; once either is typed, both are required.
 */
function passwordValidators(isUpdate: boolean) {
  const needed: Validator<TextValue> = (value, allValues) => {
    const { poweruserPassword, poweruserPasswordRepeat } = allValues as GeneralValues;
    if (isUpdate && !poweruserPassword && !poweruserPasswordRepeat) return undefined;
    return required(value, allValues);
  };
  return {
    password: composeValidators(needed, maxLength(SCHEME_LIMITS.password)),
    repeat: composeValidators(
      needed,
      maxLength(SCHEME_LIMITS.password),
      areEqual('poweruserPassword'),
    ),
  };
}

const orNull = (text: string | undefined): string | null => (text?.trim() ? text : null);

function toInitialValues(scheme: Scheme | undefined): GeneralValues {
  if (!scheme) return { transactionMethods: [] };
  return {
    schemeName: scheme.schemeName,
    schemeShortName: scheme.schemeShortName,
    schemeAbbreviation: scheme.schemeAbbreviation,
    poweruserLogin: scheme.poweruserLogin,
    buttonImgUrl: scheme.buttonImgUrl ?? undefined,
    logoImgUrl: scheme.logoImgUrl ?? undefined,
    address1: scheme.address1 ?? undefined,
    address2: scheme.address2 ?? undefined,
    address3: scheme.address3 ?? undefined,
    address4: scheme.address4 ?? undefined,
    suburb: scheme.suburb ?? undefined,
    city: scheme.city ?? undefined,
    countryId: scheme.countryId ?? undefined,
    stateId: scheme.stateId ?? undefined,
    postcode: scheme.postcode ?? undefined,
    email: scheme.email,
    website: scheme.website ?? undefined,
    mobile: scheme.mobile,
    landline: scheme.landline,
    transactionMethods: scheme.transactionMethodsStr
      .split(',')
      .filter((id) => id.trim() !== '')
      .map(Number),
  };
}

/**
 * General Settings, step 1 of 6 (gift) or 7 (loyalty) (03 §2, §4, §5): the scheme's details,
 * button image and logo, address, contact details and transacting methods. Without an id it
 * creates the scheme for the client chosen on Client Setup; with one it updates it. The save
 * sends status 1 and moves to Configuration with the scheme's programId.
 */
export function GeneralSettingsStep() {
  const area = useSchemeArea();
  const wizard = useWizardScheme();
  const countries = useStoreShape(useCountriesQuery());
  const methods = useStoreShape(useTransactionMethodsQuery());
  const state = {
    loading:
      wizard.clients.loading ||
      countries.loading ||
      methods.loading ||
      (wizard.id !== null && wizard.scheme.data === undefined && wizard.scheme.loading),
    error: [wizard.scheme.error, wizard.clients.error, countries.error, methods.error].find(
      (error) => error.code !== 0,
    ) ?? { code: 0, message: null },
  };
  const client = wizard.client;
  const setup = areaPaths(area).wizard.setup;

  return (
    <div>
      <QueryContent state={state}>
        {client ? (
          <>
            <h3 className="h5 mb-3">
              {SCHEME_TEXT.generalTitle(AREA_PROGRAM_TYPE[area], client.clientName)}
            </h3>
            <GeneralForm
              key={wizard.id ?? `client-${client.clientId}`}
              client={client}
              scheme={wizard.id !== null ? wizard.scheme.data : undefined}
              countries={countries.data ?? []}
              methods={methods.data ?? []}
            />
          </>
        ) : (
          <p>
            {GENERAL_LABEL.noClient}{' '}
            <Link to={withId(setup, wizard.id)}>{SCHEME_TEXT.tabs.setup}</Link>
          </p>
        )}
      </QueryContent>
    </div>
  );
}

interface Option {
  id: number;
  value: string;
}

function GeneralForm({
  client,
  scheme,
  countries,
  methods,
}: {
  client: Client;
  scheme: Scheme | undefined;
  countries: readonly Option[];
  methods: readonly Option[];
}) {
  const area = useSchemeArea();
  const navigate = useNavigate();
  const { urlBase } = useAppSelector(selectRuntimeConfig);
  const [createScheme] = useCreateSchemeMutation();
  const [updateScheme] = useUpdateSchemeMutation();
  const [uploadImage] = useUploadImageMutation();
  const programTypeId = AREA_PROGRAM_TYPE[area];
  const isUpdate = scheme !== undefined;
  const passwords = useMemo(() => passwordValidators(isUpdate), [isUpdate]);
  const initialValues = useMemo(() => toInitialValues(scheme), [scheme]);
  const countryOptions = countries.map((c) => ({ value: c.id, label: c.value }));
  const methodOptions = methods.map((m) => ({ value: m.id, label: m.value }));

  async function upload(file: File): Promise<string> {
    try {
      const { id } = await uploadImage(file).unwrap();
      return id;
    } catch (error) {
      // The slot keeps the file ready for another try once the dialog is read.
      void showSaveError(error);
      throw error;
    }
  }

  async function onSubmit(values: GeneralValues, form: FormApi<GeneralValues>) {
    const body: SchemeInput = {
      programTypeId: programTypeId as SchemeInput['programTypeId'],
      clientId: client.clientId,
      clientName: client.clientName,
      schemeName: values.schemeName ?? '',
      schemeShortName: values.schemeShortName ?? '',
      schemeAbbreviation: values.schemeAbbreviation ?? '',
      poweruserLogin: values.poweruserLogin ?? '',
      buttonImgUrl: values.buttonImgUrl ?? null,
      logoImgUrl: values.logoImgUrl ?? null,
      address1: orNull(values.address1),
      address2: orNull(values.address2),
      address3: orNull(values.address3),
      address4: orNull(values.address4),
      suburb: orNull(values.suburb),
      city: orNull(values.city),
      postcode: orNull(values.postcode),
      countryId: values.countryId as number,
      stateId: values.stateId ?? null,
      email: values.email ?? '',
      website: orNull(values.website),
      mobile: values.mobile ?? '',
      landline: values.landline ?? '',
      transactionMethodsStr: (values.transactionMethods ?? []).join(','),
      // The status sent before the general step's save (spec README).
      schemeStatus: SCHEME_STATUS.GENERAL,
      ...(values.poweruserPassword
        ? {
            poweruserPassword: values.poweruserPassword,
            poweruserPasswordRepeat: values.poweruserPasswordRepeat ?? '',
          }
        : {}),
    };
    const done = await saveAndConfirm(
      () =>
        scheme
          ? updateScheme({
              programId: scheme.programId,
              scheme: { ...body, programId: scheme.programId },
            }).unwrap()
          : createScheme(body).unwrap(),
      scheme ? SCHEME_TEXT.schemeUpdated : SCHEME_TEXT.schemeCreated,
      { form, values },
    );
    if (done) await navigate(withId(areaPaths(area).wizard.config, done.saved.programId));
  }

  const imageError = (message: string) =>
    void dialogs.error(DIALOG_TEXT.errorTitle, textToHtml(message));

  return (
    <KeepChangesForm<GeneralValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      // A fresh read of the record (the step opened again, a save refused as stale) shows what
      // is stored now in every field the operator has not changed, and keeps what they changed.
    >
      {({ handleSubmit, submitting, form }) => (
        <form onSubmit={submitOrSayInvalid(handleSubmit, form)} noValidate>
          <FormUnsavedChanges<GeneralValues> />
          <Section title={GENERAL_LABEL.schemeDetails}>
            <div className="row">
              <div className="col-lg-6">
                <ReadOnly label={GENERAL_LABEL.clientName} value={client.clientName} />
                <TextField
                  name="schemeName"
                  label={GENERAL_LABEL.schemeName}
                  validate={VALIDATE.schemeName}
                  autoComplete="off"
                />
                <ReadOnly
                  label={GENERAL_LABEL.programType}
                  value={SCHEME_TEXT.programTypeName[programTypeId as 1 | 3]}
                />
                <UpperCaseField
                  name="schemeShortName"
                  label={GENERAL_LABEL.shortName}
                  validate={VALIDATE.schemeShortName}
                  autoComplete="off"
                />
                <UpperCaseField
                  name="schemeAbbreviation"
                  label={GENERAL_LABEL.abbreviation}
                  validate={VALIDATE.schemeAbbreviation}
                  autoComplete="off"
                />
              </div>
              <div className="col-lg-6">
                <TextField
                  name="poweruserLogin"
                  label={GENERAL_LABEL.poweruserLogin}
                  validate={VALIDATE.poweruserLogin}
                  autoComplete="off"
                />
                <TextField
                  name="poweruserPassword"
                  type="password"
                  label={GENERAL_LABEL.password}
                  validate={passwords.password}
                  autoComplete="new-password"
                  help={isUpdate ? GENERAL_LABEL.passwordKeepHelp : undefined}
                />
                <TextField
                  name="poweruserPasswordRepeat"
                  type="password"
                  label={GENERAL_LABEL.passwordRepeat}
                  validate={passwords.repeat}
                  autoComplete="new-password"
                />
              </div>
            </div>
          </Section>
          <Section title={GENERAL_LABEL.images}>
            <div className="row">
              {(['buttonImgUrl', 'logoImgUrl'] as const).map((name) => (
                <div className="col-lg-6" key={name}>
                  <ImageSlotField
                    name={name}
                    label={name === 'buttonImgUrl' ? GENERAL_LABEL.buttonImage : GENERAL_LABEL.logo}
                    maxBytes={IMAGE_LIMITS.small}
                    help={GENERAL_LABEL.imageHelp}
                    resolveSrc={(reference) => schemeImageSrc(urlBase, reference)}
                    onUpload={upload}
                    onError={imageError}
                  />
                </div>
              ))}
            </div>
          </Section>
          <Section title={GENERAL_LABEL.addressDetails}>
            <div className="row">
              <div className="col-lg-6">
                {(['address1', 'address2', 'address3', 'address4'] as const).map((name) => (
                  <UpperCaseField
                    key={name}
                    name={name}
                    label={GENERAL_LABEL[name]}
                    validate={VALIDATE.addressLine}
                  />
                ))}
              </div>
              <div className="col-lg-6">
                <UpperCaseField
                  name="suburb"
                  label={GENERAL_LABEL.suburb}
                  validate={VALIDATE.suburb}
                />
                <UpperCaseField name="city" label={GENERAL_LABEL.city} validate={VALIDATE.city} />
                <SelectField<number>
                  name="countryId"
                  label={GENERAL_LABEL.country}
                  options={countryOptions}
                  validate={VALIDATE.countryId}
                />
                <StateField />
                <UpperCaseField
                  name="postcode"
                  label={GENERAL_LABEL.postcode}
                  validate={VALIDATE.postcode}
                />
              </div>
            </div>
          </Section>
          <Section title={GENERAL_LABEL.contactDetails}>
            <div className="row">
              <div className="col-lg-6">
                <TextField
                  name="email"
                  type="email"
                  label={GENERAL_LABEL.email}
                  validate={VALIDATE.email}
                />
                <TextField
                  name="website"
                  label={GENERAL_LABEL.website}
                  validate={VALIDATE.website}
                  inputMode="url"
                />
              </div>
              <div className="col-lg-6">
                <TextField
                  name="mobile"
                  label={GENERAL_LABEL.mobile}
                  validate={VALIDATE.mobile}
                  inputMode="tel"
                />
                <TextField
                  name="landline"
                  label={GENERAL_LABEL.landline}
                  validate={VALIDATE.landline}
                  inputMode="tel"
                />
              </div>
            </div>
          </Section>
          <ChecklistGroupField<number>
            name="transactionMethods"
            label={GENERAL_LABEL.transactingMethod}
            options={methodOptions}
            validate={VALIDATE.transactionMethods}
          />
          <BusyButton type="submit" variant="primary" busy={submitting}>
            {SCHEME_TEXT.buttons.saveContinue}
          </BusyButton>
        </form>
      )}
    </KeepChangesForm>
  );
}

/** The states of the chosen country; a change of country clears the state. */
function StateField() {
  const form = useForm<GeneralValues>();
  const { input } = useField<number | undefined>('countryId', { subscription: { value: true } });
  const countryId = typeof input.value === 'number' ? input.value : undefined;
  const states = useStatesQuery(countryId ?? skipToken);
  const previous = useRef(countryId);
  useEffect(() => {
    if (previous.current !== countryId && previous.current !== undefined) {
      form.change('stateId', undefined);
    }
    previous.current = countryId;
  }, [countryId, form]);
  const options = (states.data ?? []).map((s) => ({ value: s.id, label: s.value }));
  return <SelectField<number> name="stateId" label={GENERAL_LABEL.state} options={options} />;
}
