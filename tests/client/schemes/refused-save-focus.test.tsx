/**
 * A refused save gives the focus back to the control that started it once its dialog closes
 * (docs/decisions.md, "Accessibility"), with OK or with Escape: Save & Continue on every kind of
 * step (its own button, StepActions as a submit button and as a plain one), and an image slot's
 * Upload button.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { SCHEME_EMBEDDED, SCHEME_TEXT } from '@contracts/api/schemes';
import { paths, withId } from '@/config/paths';
import { buildClient, buildLoyaltyConfig, buildScheme } from '../../support/builders';
import { embeddedList, renderApp, setTokenCookie, stepShown } from '../../support/client-app';
import { deferred, installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import { imageSlotButton, png, UPLOAD_BUTTON_NAME } from '../../support/image-slot';
import { installSchemeServer } from './scheme-fake-server';

let server: FakeFetch;

const ID = 21;
const CLIENT = buildClient({ clientId: 1, clientName: 'Coffee Co' });
const SCHEME = buildScheme({
  programId: ID,
  programTypeId: 3,
  clientId: 1,
  clientName: 'Coffee Co',
});
const refused = (errorCode: number, errorMessage: string) => ({
  status: 409,
  body: { errorCode, errorMessage },
});

beforeEach(() => {
  server = installFakeFetch();
  installSchemeServer(server, {
    clients: [CLIENT],
    schemes: [SCHEME],
    configs: [buildLoyaltyConfig({ programId: ID })],
  });
  setTokenCookie();
});
afterEach(() => server.restore());

type User = ReturnType<typeof renderApp>['user'];
const save = () => screen.getByRole('button', { name: SCHEME_TEXT.buttons.saveContinue });

/** Closes the dialog titled `title` with the keyboard: Enter on its OK, or Escape. */
async function closeWith(user: User, title: string, key: '{Enter}' | '{Escape}') {
  const dialog = await screen.findByRole('dialog', { name: title });
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'OK' })).toHaveFocus());
  await user.keyboard(key);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

/** Focuses `button` and presses Enter on it, as a keyboard user saves. */
async function pressEnterOn(user: User, button: HTMLElement) {
  button.focus();
  await user.keyboard('{Enter}');
}

describe.each([
  ['OK', '{Enter}'],
  ['Escape', '{Escape}'],
] as const)('a refused save, its dialog closed with %s', (_name, key) => {
  it('Client Setup: the focus goes back to Save & Continue', async () => {
    server.on(
      'POST /api/gift-card/clients',
      refused(12, 'clientName: Coffee Co is already a client'),
    );
    const { user } = renderApp({ route: paths.gift.wizard.setup.path });
    await stepShown(SCHEME_TEXT.tabs.setup);
    await user.click(screen.getByRole('radio', { name: 'New client' }));
    await user.type(screen.getByLabelText('New Client Name'), 'coffee  CO');
    await pressEnterOn(user, save());
    await closeWith(user, SCHEME_TEXT.errorTitle(12), key);
    await waitFor(() => expect(save()).toHaveFocus());
    expect(save()).toBeEnabled();
  });

  it('Base Campaign (Save & Continue of StepActions): the focus goes back to it', async () => {
    server.on('GET /api/gift-card/base-campaign/campaign-action/21', {
      status: 404,
      body: { errorCode: 3, errorMessage: 'Base campaign not found' },
    });
    server.on('GET /api/gift-card/base-campaign/campaign-non-action/21', {
      body: embeddedList(SCHEME_EMBEDDED.nonActions, []),
    });
    server.on('POST /api/gift-card/base-campaign', {
      status: 400,
      body: { errorCode: 1, errorMessage: 'programId: refused' },
    });
    const { user } = renderApp({ route: withId(paths.loyalty.wizard.basecampaign, ID) });
    await screen.findByRole('heading', { name: 'Base campaign for Coffee Co' });
    await pressEnterOn(user, save());
    await closeWith(user, SCHEME_TEXT.failedCodeTitle(1), key);
    await waitFor(() => expect(save()).toHaveFocus());
  });

  it('Stores & Devices (a Save & Continue without a form): the focus goes back to it', async () => {
    server.on(`PUT /api/gift-card/schemes/${ID}`, refused(12, 'programId: refused'));
    const { user } = renderApp({ route: withId(paths.loyalty.wizard.upload, ID) });
    await waitFor(() => expect(save()).toBeEnabled());
    await pressEnterOn(user, save());
    await closeWith(user, SCHEME_TEXT.errorTitle(12), key);
    await waitFor(() => expect(save()).toHaveFocus());
  });

  it('an upload that fails: the focus goes back to the Upload button, the file kept', async () => {
    server.on('POST /images', {
      status: 500,
      body: { errorCode: 1, errorMessage: 'Something went wrong' },
    });
    const { user } = renderApp({ route: withId(paths.loyalty.wizard.general, ID) });
    const slot = 'Button Image';
    await user.upload(await screen.findByLabelText(slot), png('fake.png', 10));
    const upload = imageSlotButton(slot, UPLOAD_BUTTON_NAME);
    await pressEnterOn(user, upload);
    await closeWith(user, SCHEME_TEXT.errorTitle(1), key);
    await waitFor(() =>
      expect(imageSlotButton(slot, 'fake.png is ready to be uploaded')).toHaveFocus(),
    );
  });

  it('a file the server refuses (415): the slot lets it go, the focus goes to Browse', async () => {
    server.on('POST /images', {
      status: 415,
      body: { errorCode: 5, errorMessage: 'file: Only PNG, JPEG, GIF or WebP images' },
    });
    const { user } = renderApp({ route: withId(paths.loyalty.wizard.general, ID) });
    const slot = 'Button Image';
    await user.upload(await screen.findByLabelText(slot), png('fake.png', 10));
    const upload = imageSlotButton(slot, UPLOAD_BUTTON_NAME);
    await pressEnterOn(user, upload);
    await closeWith(user, SCHEME_TEXT.errorTitle(5), key);
    await waitFor(() => expect(imageSlotButton(slot, 'Browse')).toHaveFocus());
    expect(imageSlotButton(slot, 'Upload an Image')).toBeDisabled();
  });
});

describe('Save & Continue while its save runs', () => {
  it('keeps the focus, reads unavailable, and neither a click nor Enter saves again', async () => {
    const answer = deferred<undefined>();
    server.on('POST /api/gift-card/clients', async () => {
      await answer.promise;
      return refused(12, 'clientName: Coffee Co is already a client');
    });
    const { user } = renderApp({ route: paths.gift.wizard.setup.path });
    await stepShown(SCHEME_TEXT.tabs.setup);
    await user.click(screen.getByRole('radio', { name: 'New client' }));
    const name = screen.getByLabelText('New Client Name');
    await user.type(name, 'Tea House');
    await pressEnterOn(user, save());
    await waitFor(() => expect(save()).toHaveAttribute('aria-disabled', 'true'));
    expect(save()).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.click(save());
    // Enter in a field of the form clicks Save & Continue too.
    await user.type(name, '{Enter}');
    expect(server.calls('POST /api/gift-card/clients')).toHaveLength(1);

    answer.resolve(undefined);
    await closeWith(user, SCHEME_TEXT.errorTitle(12), '{Enter}');
    await waitFor(() => expect(save()).not.toHaveAttribute('aria-disabled'));
    expect(server.calls('POST /api/gift-card/clients')).toHaveLength(1);
  });
});
