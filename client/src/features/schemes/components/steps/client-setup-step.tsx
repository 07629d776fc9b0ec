import { useMemo, useState } from 'react';
import type { FormApi } from 'final-form';
import { Form } from 'react-final-form';
import { useNavigate } from 'react-router-dom';
import type { LookupItem } from '@contracts/api/entities';
import { DIALOG_TEXT } from '@contracts/api/messages';
import {
  BIN_NUMBER_LENGTH,
  BIN_TYPE,
  BIN_TYPE_IDS,
  BIN_TYPE_LABEL,
  SCHEME_LIMITS,
  SCHEME_TEXT,
  type BinTypeId,
  type Client,
} from '@contracts/api/schemes';
import { BusyButton } from '@/components/common/busy-button';
import { ErrorAlert } from '@/components/common/error-alert';
import { QueryContent } from '@/components/common/query-content';
import { RadioGroupField } from '@/components/form/RadioGroupField';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextField';
import type { FieldOption } from '@/components/form/options';
import { withId } from '@/config/paths';
import { useCountriesQuery } from '@/lib/api/lookups-api';
import { useStoreShape, type StoreShape } from '@/lib/api/store-shape';
import { KeepChangesForm } from '@/lib/forms/keep-changes-form';
import { FormUnsavedChanges } from '@/lib/forms/unsaved-changes';
import {
  composeValidators,
  maxLength,
  minLength,
  numOnly,
  required,
  type TextValue,
  type Validator,
} from '@/lib/forms/validators';
import { useCreateClientMutation } from '../../api/schemes-api';
import { useSchemeArea } from '../../hooks/use-scheme-area';
import { useWizardScheme } from '../../hooks/use-wizard-scheme';
import { CLIENT_SETUP_LABEL } from '../../lib/scheme-texts';
import { saveAndConfirm } from '../../lib/step-dialogs';
import { areaPaths } from '../../lib/wizard-steps';

type ClientMode = 'existing' | 'new';

export interface ClientSetupValues {
  mode?: ClientMode;
  clientId?: number;
  clientName?: string;
  binTypeId?: BinTypeId;
  binNumber?: string;
  binName?: string;
  binCountryId?: number;
}

const MODES: readonly FieldOption<ClientMode>[] = [
  { value: 'existing', label: CLIENT_SETUP_LABEL.existingClient },
  { value: 'new', label: CLIENT_SETUP_LABEL.newClient },
];
const BIN_TYPES: readonly FieldOption<BinTypeId>[] = BIN_TYPE_IDS.map((value) => ({
  value,
  label: BIN_TYPE_LABEL[value],
}));

/** A validator that applies only while `holds(allValues)`. */
const when =
  <V,>(holds: (values: ClientSetupValues) => boolean, validator: Validator<V>): Validator<V> =>
  (value, allValues) =>
    holds(allValues as ClientSetupValues) ? validator(value, allValues) : undefined;

const hasOwnBin = (values: ClientSetupValues) =>
  values.binTypeId === BIN_TYPE.INTERNATIONAL || values.binTypeId === BIN_TYPE.LOCAL;

/** BIN Number: digits only, exactly 6 (International) or 9 (Local) (03 §5). */
const binNumberLength: Validator<TextValue> = (value, allValues) => {
  const { binTypeId } = allValues as ClientSetupValues;
  if (binTypeId !== BIN_TYPE.INTERNATIONAL && binTypeId !== BIN_TYPE.LOCAL) return undefined;
  const length = BIN_NUMBER_LENGTH[binTypeId];
  return composeValidators(minLength(length), maxLength(length))(value, allValues);
};

const VALIDATE = {
  clientId: when((v) => v.mode === 'existing', required),
  clientName: when(
    (v) => v.mode === 'new',
    composeValidators(required, maxLength(SCHEME_LIMITS.clientName)),
  ),
  binNumber: when(hasOwnBin, composeValidators(required, numOnly, binNumberLength)),
  binName: when(hasOwnBin, composeValidators(required, maxLength(SCHEME_LIMITS.binName))),
  binCountryId: when((v) => v.binTypeId === BIN_TYPE.LOCAL, required),
} as const;

/** A first load: no answer yet (a refetch keeps what is shown). */
const firstLoad = (shape: StoreShape<unknown>) => shape.data === undefined && shape.loading;

/**
 * Client Setup (03 §2, §4, §5): choose an existing client or create a new one with its Card BIN
 * choice. An existing client's BIN shows as saved and cannot change here (locked once the client
 * exists); with no client chosen it shows none. What was typed for a new client stays through
 * switches between the two choices. With an existing scheme id everything is locked and the
 * button only moves to step 2.
 *
 * A new scheme's form shows at once and stays while the client and country lists load or load
 * again: what the operator chose and typed is never reset under them.
 */
export function ClientSetupStep() {
  const wizard = useWizardScheme();
  const countries = useStoreShape(useCountriesQuery());
  const { id, clients, scheme } = wizard;

  if (id !== null) {
    // An existing scheme: the locked form shows its client once scheme and client are known.
    const state = {
      loading: firstLoad(clients) || firstLoad(countries) || firstLoad(scheme),
      error: clients.error.code !== 0 ? clients.error : scheme.error,
    };
    return (
      <div>
        <QueryContent state={state}>
          <ClientSetupForm
            key={id}
            schemeId={id}
            schemeClient={wizard.client}
            clients={clients.data}
            countries={countries.data}
          />
        </QueryContent>
      </div>
    );
  }
  const error = [clients.error, countries.error].find((each) => each.code !== 0);
  return (
    <div>
      {error ? <ErrorAlert error={error} /> : null}
      <ClientSetupForm
        key="new"
        schemeId={null}
        schemeClient={undefined}
        clients={clients.data}
        countries={countries.data}
        clientsLoading={firstLoad(clients)}
        countriesLoading={firstLoad(countries)}
      />
    </div>
  );
}

const binFieldsOf = (client: Client | undefined): Partial<ClientSetupValues> => ({
  binTypeId: client?.binTypeId,
  binNumber: client?.binNumber ?? undefined,
  binName: client?.binName ?? undefined,
  binCountryId: client?.binCountryId ?? undefined,
});

const modeFor = (clients: readonly Client[] | undefined): ClientMode | undefined =>
  clients === undefined ? undefined : clients.length > 0 ? 'existing' : 'new';

/**
 * The choice a new scheme's form starts with: Existing client, or New client when the client
 * list's first answer holds none. Decided once, so the list answering again (a client just
 * created) never changes it.
 */
function useStartingMode(clients: readonly Client[] | undefined): ClientMode {
  const [decided, setDecided] = useState(() => modeFor(clients));
  // React's "information from previous renders": set once, when the first answer arrives.
  if (decided === undefined && clients !== undefined) setDecided(modeFor(clients));
  return decided ?? 'existing';
}

function ClientSetupForm({
  schemeId,
  schemeClient,
  clients,
  countries,
  clientsLoading = false,
  countriesLoading = false,
}: {
  schemeId: number | null;
  schemeClient: Client | undefined;
  /** undefined until the list has answered. */
  clients: readonly Client[] | undefined;
  countries: readonly LookupItem[] | undefined;
  clientsLoading?: boolean;
  countriesLoading?: boolean;
}) {
  const area = useSchemeArea();
  const navigate = useNavigate();
  const [createClient] = useCreateClientMutation();
  const general = areaPaths(area).wizard.general;
  const locked = schemeId !== null;
  const startingMode = useStartingMode(clients);

  // Kept stable: final-form re-initialises the form whenever these change. KeepChangesForm
  // (below) keeps the operator's changes should the starting choice move to New client, a name
  // typed for a new client and hidden by Existing client included.
  const initialValues = useMemo<ClientSetupValues>(
    () =>
      schemeClient
        ? { mode: 'existing', clientId: schemeClient.clientId }
        : { mode: startingMode, binTypeId: BIN_TYPE.TRANSACTOR },
    [schemeClient, startingMode],
  );
  const clientOptions = (clients ?? []).map((client) => ({
    value: client.clientId,
    label: client.clientName,
  }));
  const countryOptions = (countries ?? []).map((country) => ({
    value: country.id,
    label: country.value,
  }));

  async function onSubmit(values: ClientSetupValues, form: FormApi<ClientSetupValues>) {
    // Navigate after the submit event: a transition started inside it makes React treat the
    // submit as a form action of its own.
    await Promise.resolve();
    if (locked) {
      await navigate(withId(general, schemeId));
      return;
    }
    if (values.mode === 'existing') {
      await navigate(`${general.path}?clientId=${values.clientId}`);
      return;
    }
    const binTypeId = values.binTypeId ?? BIN_TYPE.TRANSACTOR;
    const ownBin = binTypeId !== BIN_TYPE.TRANSACTOR;
    const done = await saveAndConfirm(
      () =>
        createClient({
          clientName: values.clientName ?? '',
          binTypeId,
          binNumber: ownBin ? (values.binNumber ?? null) : null,
          binName: ownBin ? (values.binName ?? null) : null,
          binCountryId: binTypeId === BIN_TYPE.LOCAL ? (values.binCountryId ?? null) : null,
        }).unwrap(),
      SCHEME_TEXT.clientCreated,
      { form, values },
    );
    if (done) await navigate(`${general.path}?clientId=${done.saved.data.clientId}`);
  }

  return (
    <KeepChangesForm<ClientSetupValues> onSubmit={onSubmit} initialValues={initialValues}>
      {({ handleSubmit, submitting, values }) => {
        const existing = values.mode === 'existing';
        const binLocked = locked || existing;
        return (
          <form onSubmit={(event) => void handleSubmit(event)} noValidate>
            <FormUnsavedChanges<ClientSetupValues> />
            <div className="row">
              <div className="col-lg-6">
                <RadioGroupField<ClientMode>
                  name="mode"
                  label={CLIENT_SETUP_LABEL.clientChoice}
                  options={MODES}
                  disabled={locked}
                  inline
                />
                {existing ? (
                  <SelectField<number>
                    name="clientId"
                    label={CLIENT_SETUP_LABEL.chooseClient}
                    options={clientOptions}
                    validate={VALIDATE.clientId}
                    disabled={locked || clientsLoading}
                    placeholder={clientsLoading ? DIALOG_TEXT.loading : undefined}
                  />
                ) : (
                  <TextField
                    name="clientName"
                    label={CLIENT_SETUP_LABEL.newClientName}
                    validate={VALIDATE.clientName}
                    autoComplete="off"
                  />
                )}
              </div>
              <div className="col-lg-6">
                {binLocked ? (
                  <SavedClientBin
                    client={
                      locked
                        ? schemeClient
                        : clients?.find((client) => client.clientId === values.clientId)
                    }
                    countryOptions={countryOptions}
                    countriesLoading={countriesLoading}
                  />
                ) : (
                  <BinFields
                    binTypeId={values.binTypeId}
                    countryOptions={countryOptions}
                    countriesLoading={countriesLoading}
                  />
                )}
              </div>
            </div>
            <BusyButton type="submit" variant="primary" busy={submitting}>
              {SCHEME_TEXT.buttons.saveContinue}
            </BusyButton>
          </form>
        );
      }}
    </KeepChangesForm>
  );
}

interface BinFieldsProps {
  countryOptions: readonly FieldOption<number>[];
  countriesLoading: boolean;
}

/** The Card BIN choice and the fields it asks for, in the form they are rendered in. */
function BinFields({
  binTypeId,
  countryOptions,
  countriesLoading,
  locked = false,
}: BinFieldsProps & { binTypeId: BinTypeId | undefined; locked?: boolean }) {
  // A locked copy shows, it does not check.
  const check = <V,>(validator: Validator<V>) => (locked ? undefined : validator);
  return (
    <>
      <RadioGroupField<BinTypeId>
        name="binTypeId"
        label={CLIENT_SETUP_LABEL.cardBin}
        options={BIN_TYPES}
        validate={check(required)}
        disabled={locked}
      />
      {binTypeId === BIN_TYPE.INTERNATIONAL || binTypeId === BIN_TYPE.LOCAL ? (
        <>
          <TextField
            name="binNumber"
            label={CLIENT_SETUP_LABEL.binNumber}
            validate={check(VALIDATE.binNumber)}
            inputMode="numeric"
            autoComplete="off"
            disabled={locked}
          />
          <TextField
            name="binName"
            label={CLIENT_SETUP_LABEL.binName}
            validate={check(VALIDATE.binName)}
            autoComplete="off"
            disabled={locked}
          />
        </>
      ) : null}
      {binTypeId === BIN_TYPE.LOCAL ? (
        <SelectField<number>
          name="binCountryId"
          label={CLIENT_SETUP_LABEL.country}
          options={countryOptions}
          validate={check(VALIDATE.binCountryId)}
          disabled={locked || countriesLoading}
          placeholder={countriesLoading ? DIALOG_TEXT.loading : undefined}
        />
      ) : null}
    </>
  );
}

const showOnly = () => undefined;

/**
 * An existing client's saved BIN, locked: the same fields in a form of their own, so what the
 * operator typed for a new client stays in the step's form, unseen here and back on New client.
 * Empty until a client is chosen. The form renders no element of its own (final-form's render
 * prop draws only the fields), so no form is nested in the step's.
 */
function SavedClientBin({ client, ...props }: BinFieldsProps & { client: Client | undefined }) {
  return (
    <Form<ClientSetupValues>
      key={client?.clientId ?? 'none'}
      onSubmit={showOnly}
      initialValues={binFieldsOf(client)}
      render={({ values }) => <BinFields {...props} binTypeId={values.binTypeId} locked />}
    />
  );
}
