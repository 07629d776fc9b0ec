import { screen, waitFor, within } from '@testing-library/react';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import { BIN_TYPE, SCHEME_EMBEDDED, SCHEME_LIMITS, SCHEME_TEXT } from '@contracts/api/schemes';
import { UNSAVED_CHANGES_TEXT } from '@/components/wizard/unsaved-changes';
import { paths, withId } from '@/config/paths';
import { LAYOUT_TEXT } from '@/config/texts';
import { SESSION_DRAFT_KEY, dropDraft, keepDraft } from '@/lib/session/session-draft';
import { buildClient, buildScheme } from '../../support/builders';
import {
  TEST_TOKEN,
  currentPath,
  embeddedList,
  renderApp,
  setTokenCookie,
  stepShown,
} from '../../support/client-app';
import { deferred, installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import { installSchemeServer, type SchemeFake } from './scheme-fake-server';

let server: FakeFetch;
let fake: SchemeFake;

const gift = paths.gift.wizard;
const LOCAL_CLIENT = buildClient({
  clientId: 2,
  clientName: 'Local Co',
  binTypeId: 2,
  binNumber: '123456789',
  binName: 'Local BIN',
  binCountryId: 1,
});

beforeEach(() => {
  server = installFakeFetch();
  fake = installSchemeServer(server, {
    clients: [buildClient({ clientId: 1, clientName: 'Coffee Co' }), LOCAL_CLIENT],
    schemes: [buildScheme({ programId: 11, clientId: 2, schemeName: 'Local Gift' })],
  });
  setTokenCookie();
});
afterEach(() => server.restore());

type User = ReturnType<typeof renderApp>['user'];
const save = () => screen.getByRole('button', { name: SCHEME_TEXT.buttons.saveContinue });
const field = (label: string) => screen.getByLabelText(label);

/**
 * Opens Client Setup for a new scheme once it has shown: it takes a click or typing from then on
 * (stepShown).
 */
async function openSetup() {
  const rendered = renderApp({ route: gift.setup.path });
  await stepShown(SCHEME_TEXT.tabs.setup);
  return rendered;
}

async function openNewClient(user: User) {
  await user.click(await screen.findByRole('radio', { name: 'New client' }));
}

describe('Client Setup (03 §2, §5)', () => {
  it('a new client needs a name; International needs a 6-digit BIN number and a BIN name', async () => {
    const { user } = await openSetup();
    await openNewClient(user);
    await user.click(screen.getByRole('radio', { name: 'International' }));
    await user.click(save());
    expect(field('New Client Name')).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    expect(field('BIN Number')).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    expect(field('BIN Name')).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    expect(screen.queryByLabelText('Country')).not.toBeInTheDocument();

    await user.type(field('BIN Number'), '12345');
    expect(field('BIN Number')).toHaveAccessibleDescription(FIELD_MESSAGES.minlength);
    await user.type(field('BIN Number'), '67');
    expect(field('BIN Number')).toHaveAccessibleDescription(FIELD_MESSAGES.maxlength);
    await user.clear(field('BIN Number'));
    await user.type(field('BIN Number'), '12a456');
    expect(field('BIN Number')).toHaveAccessibleDescription(FIELD_MESSAGES.numOnly);
    await user.clear(field('BIN Number'));
    await user.type(field('BIN Number'), '123456');
    expect(field('BIN Number')).not.toHaveAccessibleDescription();
    expect(fake.writes()).toEqual([]);
  });

  it('a new client name is required, and a name over 100 characters is kept and too long', async () => {
    const { user } = await openSetup();
    await openNewClient(user);
    const name = field('New Client Name');
    await user.type(name, '   ');
    await user.click(save());
    expect(name).toHaveAccessibleDescription(FIELD_MESSAGES.required);

    // A pasted name is not cut short behind the operator's back: it stays whole and is refused.
    const tooLong = 'c'.repeat(SCHEME_LIMITS.clientName + 1);
    await user.clear(name);
    await user.click(name);
    await user.paste(tooLong);
    expect(name).toHaveValue(tooLong);
    expect(name).toHaveAccessibleDescription(FIELD_MESSAGES.maxlength);
    await user.click(save());
    expect(fake.writes()).toEqual([]);

    await user.type(name, '{Backspace}');
    expect(name).not.toHaveAccessibleDescription();
  });

  it('Local needs 9 digits and a country', async () => {
    const { user } = await openSetup();
    await openNewClient(user);
    await user.click(screen.getByRole('radio', { name: 'Local' }));
    await user.type(field('BIN Number'), '123456');
    await user.click(save());
    expect(field('BIN Number')).toHaveAccessibleDescription(FIELD_MESSAGES.minlength);
    expect(field('Country')).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    await user.type(field('BIN Number'), '789');
    expect(field('BIN Number')).not.toHaveAccessibleDescription();
    await screen.findByRole('option', { name: 'Australia' });
    await user.selectOptions(field('Country'), 'Australia');
    expect(field('Country')).not.toHaveAccessibleDescription();
  });

  it('creates the client, says so, and opens General Settings for it', async () => {
    const { user } = await openSetup();
    await openNewClient(user);
    await user.type(field('New Client Name'), 'Tea House');
    await user.click(screen.getByRole('radio', { name: 'Local' }));
    await user.type(field('BIN Number'), '987654321');
    await user.type(field('BIN Name'), 'Tea BIN');
    await screen.findByRole('option', { name: 'New Zealand' });
    await user.selectOptions(field('Country'), 'New Zealand');
    await user.click(save());

    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(dialog).toHaveTextContent(SCHEME_TEXT.clientCreated);
    expect(fake.writes()).toEqual(['POST /api/gift-card/clients']);
    expect(fake.writeBody(0)).toEqual({
      clientName: 'Tea House',
      binTypeId: BIN_TYPE.LOCAL,
      binNumber: '987654321',
      binName: 'Tea BIN',
      binCountryId: 2,
    });
    expect(server.calls('POST /api/gift-card/clients')[0]!.url.search).toBe('?returnBody=true');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(currentPath()).toBe(gift.general.path));
    expect(window.location.hash).toBe(`#${gift.general.path}?clientId=101`);
    expect(
      await screen.findByRole('heading', {
        name: 'Create or Manage a Gift Scheme for Tea House',
      }),
    ).toBeVisible();
    expect(screen.getByText('step 1 of 6')).toBeInTheDocument();
  });

  it('the transactor BIN needs no BIN fields', async () => {
    const { user } = await openSetup();
    await openNewClient(user);
    expect(screen.getByRole('radio', { name: 'Use Transactor Bin' })).toBeChecked();
    expect(screen.queryByLabelText('BIN Number')).not.toBeInTheDocument();
    await user.type(field('New Client Name'), 'Plain Co');
    await user.click(save());
    await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(fake.writeBody(0)).toEqual({
      clientName: 'Plain Co',
      binTypeId: BIN_TYPE.TRANSACTOR,
      binNumber: null,
      binName: null,
      binCountryId: null,
    });
  });

  it('a BIN typed for Local stays through other Card BIN choices; Transactor sends none of it', async () => {
    const { user } = await openSetup();
    await openNewClient(user);
    await user.type(field('New Client Name'), 'Switch Co');
    await user.click(screen.getByRole('radio', { name: 'Local' }));
    await user.type(field('BIN Number'), '987654321');
    await user.type(field('BIN Name'), 'Typed BIN');
    await screen.findByRole('option', { name: 'New Zealand' });
    await user.selectOptions(field('Country'), 'New Zealand');

    await user.click(screen.getByRole('radio', { name: 'International' }));
    expect(screen.queryByLabelText('Country')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Use Transactor Bin' }));
    expect(screen.queryByLabelText('BIN Number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Local' }));
    expect(field('BIN Number')).toHaveValue('987654321');
    expect(field('BIN Name')).toHaveValue('Typed BIN');
    expect(field('Country')).toHaveDisplayValue('New Zealand');

    // Hidden, the BIN is neither checked nor sent.
    await user.clear(field('BIN Number'));
    await user.click(screen.getByRole('radio', { name: 'Use Transactor Bin' }));
    await user.click(save());
    await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(fake.writeBody(0)).toEqual({
      clientName: 'Switch Co',
      binTypeId: BIN_TYPE.TRANSACTOR,
      binNumber: null,
      binName: null,
      binCountryId: null,
    });
  });

  it('a failed create shows "Error: {errorCode}" with the server message', async () => {
    server.on('POST /api/gift-card/clients', {
      status: 409,
      body: { errorCode: 12, errorMessage: 'clientName: Tea House is already a client' },
    });
    const { user } = await openSetup();
    await openNewClient(user);
    await user.type(field('New Client Name'), 'Tea House');
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.errorTitle(12) });
    expect(dialog).toHaveTextContent('clientName: Tea House is already a client');
    expect(currentPath()).toBe(gift.setup.path);
  });

  it('an existing client shows its saved BIN, locked, and moves on without a call', async () => {
    const { user } = await openSetup();
    await user.click(save());
    expect(await screen.findByLabelText('Client Name')).toHaveAccessibleDescription(
      FIELD_MESSAGES.required,
    );
    await screen.findByRole('option', { name: 'Local Co' });
    await user.selectOptions(field('Client Name'), 'Local Co');
    await waitFor(() => expect(field('BIN Number')).toHaveValue('123456789'));
    expect(field('BIN Number')).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Local' })).toBeChecked();
    expect(field('Country')).toHaveDisplayValue('Australia');
    await user.click(save());
    await waitFor(() => expect(currentPath()).toBe(gift.general.path));
    expect(window.location.hash).toBe(`#${gift.general.path}?clientId=2`);
    expect(fake.writes()).toEqual([]);
  });

  it("Existing client shows no BIN until a client is chosen, and never the new client's typed BIN", async () => {
    const { user } = await openSetup();
    await screen.findByRole('option', { name: 'Local Co' });
    await openNewClient(user);
    await user.type(field('New Client Name'), 'Mode Switch Co');
    await user.click(screen.getByRole('radio', { name: 'Local' }));
    await user.type(field('BIN Number'), '987654321');
    await user.type(field('BIN Name'), 'Typed BIN');
    await screen.findByRole('option', { name: 'New Zealand' });
    await user.selectOptions(field('Country'), 'New Zealand');

    // No client chosen: the locked Card BIN shows nothing, not what was typed for the new client.
    await user.click(screen.getByRole('radio', { name: 'Existing client' }));
    for (const bin of ['Use Transactor Bin', 'International', 'Local']) {
      expect(screen.getByRole('radio', { name: bin })).not.toBeChecked();
      expect(screen.getByRole('radio', { name: bin })).toBeDisabled();
    }
    expect(screen.queryByLabelText('BIN Number')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Country')).not.toBeInTheDocument();

    // A chosen client shows its own BIN.
    await user.selectOptions(field('Client Name'), 'Local Co');
    expect(screen.getByRole('radio', { name: 'Local' })).toBeChecked();
    expect(field('BIN Number')).toHaveValue('123456789');
    expect(field('BIN Name')).toHaveValue('Local BIN');
    expect(field('Country')).toHaveDisplayValue('Australia');
    await user.selectOptions(field('Client Name'), 'Coffee Co');
    expect(screen.getByRole('radio', { name: 'Use Transactor Bin' })).toBeChecked();
    expect(screen.queryByLabelText('BIN Number')).not.toBeInTheDocument();

    // Back to New client: everything typed for it is still there, and it is what is created.
    await user.click(screen.getByRole('radio', { name: 'New client' }));
    expect(field('New Client Name')).toHaveValue('Mode Switch Co');
    expect(screen.getByRole('radio', { name: 'Local' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Local' })).toBeEnabled();
    expect(field('BIN Number')).toHaveValue('987654321');
    expect(field('BIN Name')).toHaveValue('Typed BIN');
    expect(field('Country')).toHaveDisplayValue('New Zealand');
    await user.click(save());
    await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(fake.writeBody(0)).toEqual({
      clientName: 'Mode Switch Co',
      binTypeId: BIN_TYPE.LOCAL,
      binNumber: '987654321',
      binName: 'Typed BIN',
      binCountryId: 2,
    });
  });

  it('a new client name hidden by Existing client still counts as unsaved; the session end keeps it', async () => {
    const { user } = await openSetup();
    await openNewClient(user);
    await user.type(field('New Client Name'), 'Tea House');
    // Back to the choice the step loaded with: the only change is in the hidden field.
    await user.click(screen.getByRole('radio', { name: 'Existing client' }));
    expect(screen.queryByLabelText('New Client Name')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: LAYOUT_TEXT.loyalty }));
    const question = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
    await user.click(within(question).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe(gift.setup.path);
    // Logout, which keeps nothing unsaved, opens on Cancel.
    await user.click(screen.getByRole('button', { name: LAYOUT_TEXT.logout }));
    const logout = await screen.findByRole('dialog', { name: DIALOG_TEXT.logoutTitle });
    await waitFor(() =>
      expect(within(logout).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // What the session's end keeps (session-draft.ts): the screen, with the hidden name.
    keepDraft(TEST_TOKEN.userName);
    const kept = sessionStorage.getItem(SESSION_DRAFT_KEY) ?? '';
    dropDraft();
    expect(JSON.parse(kept)).toMatchObject({
      route: gift.setup.path,
      forms: [{ fields: [['clientName', 'Tea House']] }],
    });

    // Shown again, it holds what was typed.
    await openNewClient(user);
    expect(field('New Client Name')).toHaveValue('Tea House');
  });

  it('a BIN half typed for a new client does not hold up an existing client', async () => {
    const { user } = await openSetup();
    await screen.findByRole('option', { name: 'Coffee Co' });
    await openNewClient(user);
    await user.click(screen.getByRole('radio', { name: 'International' }));
    await user.type(field('BIN Number'), '12');
    await user.click(screen.getByRole('radio', { name: 'Existing client' }));
    await user.selectOptions(field('Client Name'), 'Coffee Co');
    await user.click(save());
    await waitFor(() => expect(currentPath()).toBe(gift.general.path));
    expect(window.location.hash).toBe(`#${gift.general.path}?clientId=1`);
    expect(fake.writes()).toEqual([]);
  });

  it('with an existing scheme everything is locked and the button only moves to step 2', async () => {
    const { user } = renderApp({ route: withId(gift.financial, 11) });
    // Opened through its tab (opening Client Setup with an id jumps on, 03 §2), once the wizard
    // has moved this scheme without a config on to Configuration: the tab strip of the step
    // first shown is gone by then.
    await screen.findByRole('heading', { level: 2, name: SCHEME_TEXT.tabs.config });
    const nav = screen.getByRole('navigation', { name: 'Wizard steps' });
    await user.click(within(nav).getByRole('link', { name: 'Client Setup' }));
    await waitFor(() => expect(field('Client Name')).toHaveDisplayValue('Local Co'));
    expect(field('Client Name')).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'New client' })).toBeDisabled();
    expect(field('BIN Number')).toBeDisabled();
    await user.click(save());
    await waitFor(() => expect(currentPath()).toBe(gift.general.path));
    expect(window.location.hash).toBe(`#${gift.general.path}?id=11`);
    expect(fake.writes()).toEqual([]);
  });

  it('New client chosen before the client list answers stays chosen, with the name typed', async () => {
    const list = deferred<undefined>();
    server.on('GET /api/gift-card/clients', async () => {
      await list.promise;
      return { body: embeddedList(SCHEME_EMBEDDED.clients, fake.clients) };
    });
    const { user } = await openSetup();
    // The form is there while the list loads: its client choice says so.
    expect(await screen.findByLabelText('Client Name')).toBeDisabled();
    expect(field('Client Name')).toHaveDisplayValue(DIALOG_TEXT.loading);
    await openNewClient(user);
    await user.type(field('New Client Name'), 'Tea House');

    list.resolve(undefined);
    // The area's loads run in order (03 §2): the schemes are asked for once the clients answered.
    await waitFor(() => expect(server.calls('GET /api/gift-card/schemes')).toHaveLength(1));
    expect(screen.getByRole('radio', { name: 'New client' })).toBeChecked();
    expect(field('New Client Name')).toHaveValue('Tea House');

    // The list is in: Existing client offers it.
    await user.click(screen.getByRole('radio', { name: 'Existing client' }));
    expect(field('Client Name')).toBeEnabled();
    expect(screen.getByRole('option', { name: 'Local Co' })).toBeInTheDocument();
  });

  it('a new client name hidden by Existing client is there when the list answers none and shows New client', async () => {
    const list = deferred<undefined>();
    server.on('GET /api/gift-card/clients', async () => {
      await list.promise;
      return { body: embeddedList(SCHEME_EMBEDDED.clients, []) };
    });
    const { user } = await openSetup();
    expect(await screen.findByLabelText('Client Name')).toBeDisabled();
    await openNewClient(user);
    await user.type(field('New Client Name'), 'Tea House');
    await user.click(screen.getByRole('radio', { name: 'Existing client' }));
    expect(screen.queryByLabelText('New Client Name')).not.toBeInTheDocument();

    // No client exists: the step starts again on New client (its initial values change), and
    // the name typed while it was hidden is there.
    list.resolve(undefined);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'New client' })).toBeChecked());
    expect(field('New Client Name')).toHaveValue('Tea House');
    // Still unsaved: leaving asks.
    await user.click(screen.getByRole('link', { name: LAYOUT_TEXT.loyalty }));
    const question = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
    await user.click(within(question).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(field('New Client Name')).toHaveValue('Tea House');
  });

  it('behind "Client created successfully" the form keeps the new client while the list reloads', async () => {
    // The first list answers at once; the one read again after the create waits.
    const reload = deferred<undefined>();
    server.on('GET /api/gift-card/clients', async () => {
      if (server.calls('GET /api/gift-card/clients').length > 1) await reload.promise;
      return { body: embeddedList(SCHEME_EMBEDDED.clients, fake.clients) };
    });
    const { user } = await openSetup();
    await screen.findByRole('option', { name: 'Coffee Co' });
    await openNewClient(user);
    await user.type(field('New Client Name'), 'Tea House');
    await user.click(save());

    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(dialog).toHaveTextContent(SCHEME_TEXT.clientCreated);
    await waitFor(() => expect(server.calls('GET /api/gift-card/clients')).toHaveLength(2));
    // Behind the (modal) dialog, hidden from the accessibility tree.
    const behind = { hidden: true } as const;
    const expectNewClientForm = () => {
      expect(screen.getByRole('radio', { name: 'New client', ...behind })).toBeChecked();
      expect(screen.getByRole('textbox', { name: 'New Client Name', ...behind })).toHaveValue(
        'Tea House',
      );
    };
    expectNewClientForm();
    reload.resolve(undefined);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(
      await screen.findByRole('heading', {
        name: 'Create or Manage a Gift Scheme for Tea House',
      }),
    ).toBeVisible();
  });

  it.each([
    { bin: 'International', binNumber: '604411', reads: 2 },
    { bin: 'Use Transactor Bin', binNumber: undefined, reads: 1 },
  ])(
    'a new client on "$bin": the card BIN list is read again only for its own BIN ($reads)',
    async ({ bin, binNumber, reads }) => {
      const { user } = await openSetup();
      // The area's last load (03 §2): clients, schemes, banks, then card BINs.
      await waitFor(() => expect(server.calls('GET /api/gift-card/bins')).toHaveLength(1));
      await openNewClient(user);
      await user.type(field('New Client Name'), 'Tea House');
      await user.click(screen.getByRole('radio', { name: bin }));
      if (binNumber !== undefined) {
        await user.type(field('BIN Number'), binNumber);
        await user.type(field('BIN Name'), 'Tea BIN');
      }
      await user.click(save());
      const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
      await waitFor(() => expect(server.calls('GET /api/gift-card/clients')).toHaveLength(2));
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      await screen.findByRole('heading', { name: 'Create or Manage a Gift Scheme for Tea House' });
      // Read again with the client list (invalidated together), or not at all.
      await waitFor(() => expect(server.calls('GET /api/gift-card/bins')).toHaveLength(reads));
    },
  );
});
