import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import { SCHEME_LIMITS, SCHEME_STATUS, SCHEME_TEXT } from '@contracts/api/schemes';
import { UNSAVED_CHANGES_TEXT } from '@/components/wizard/unsaved-changes';
import { paths, withId } from '@/config/paths';
import { buildClient, buildScheme } from '../../support/builders';
import { currentPath, renderApp, setTokenCookie } from '../../support/client-app';
import { installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import { installSchemeServer, type SchemeFake } from './scheme-fake-server';

let server: FakeFetch;
let fake: SchemeFake;

const gift = paths.gift.wizard;
const loyalty = paths.loyalty.wizard;
const CLIENT = buildClient({ clientId: 1, clientName: 'Coffee Co' });
const SCHEME = buildScheme({
  programId: 11,
  clientId: 1,
  clientName: 'Coffee Co',
  schemeName: 'Coffee Gift',
  countryId: 1,
  stateId: 10,
  transactionMethodsStr: '1,3',
});

beforeEach(() => {
  server = installFakeFetch();
  fake = installSchemeServer(server, { clients: [CLIENT], schemes: [SCHEME] });
  setTokenCookie();
});
afterEach(() => server.restore());

type User = ReturnType<typeof renderApp>['user'];
const field = (label: string) => screen.getByLabelText(label);
const save = () => screen.getByRole('button', { name: SCHEME_TEXT.buttons.saveContinue });
const TITLE = 'Create or Manage a Gift Scheme for Coffee Co';

async function openNew(route: string = `${gift.general.path}?clientId=1`) {
  const rendered = renderApp({ route });
  await screen.findByRole('heading', { name: /Create or Manage a/ });
  return rendered;
}

/** Replaces a field's text (pasted: typing long texts key by key is slow on a loaded machine). */
async function typeInto(user: User, label: string, text: string) {
  await user.clear(field(label));
  await user.click(field(label));
  await user.paste(text);
}

/** Fills every required field with valid values. */
async function fillValid(user: User) {
  await typeInto(user, 'Scheme Name', 'Tea Time 2');
  await typeInto(user, 'Short Name', 'teatim');
  await typeInto(user, 'Abbreviation', 'ttm');
  await typeInto(user, 'Power User Login', 'tea.admin');
  await typeInto(user, 'Password', 'Secret1');
  await typeInto(user, 'Repeat Password', 'Secret1');
  await typeInto(user, 'Address Line 1', '1 tea street');
  await user.selectOptions(field('Country'), 'Australia');
  await screen.findByRole('option', { name: 'Victoria' });
  await user.selectOptions(field('State'), 'Victoria');
  await typeInto(user, 'Email', 'tea@shop.example');
  await typeInto(user, 'Website', 'www.tea.example');
  await typeInto(user, 'Mobile', '0412345678');
  await typeInto(user, 'Landline', '0298765432');
  await user.click(screen.getByRole('checkbox', { name: 'Contactless' }));
}

const description = (label: string) => field(label).getAttribute('aria-describedby');

describe('General Settings (03 §2, §5)', () => {
  it('shows the title, the read-only client name and program type', async () => {
    await openNew();
    expect(screen.getByRole('heading', { name: TITLE })).toBeVisible();
    expect(field('Client Name')).toHaveValue('Coffee Co');
    expect(field('Client Name')).toHaveAttribute('readonly');
    expect(field('Program Type')).toHaveValue('GIFT');
    expect(screen.getByText('step 1 of 6')).toBeInTheDocument();
  });

  it('loyalty reads "Loyalty Scheme", LOYALTY and step 1 of 7', async () => {
    await openNew(`${loyalty.general.path}?clientId=1`);
    expect(
      screen.getByRole('heading', { name: 'Create or Manage a Loyalty Scheme for Coffee Co' }),
    ).toBeVisible();
    expect(field('Program Type')).toHaveValue('LOYALTY');
    expect(screen.getByText('step 1 of 7')).toBeInTheDocument();
  });

  it('an invalid submit says so in a dialog and marks every required field', async () => {
    const { user } = await openNew();
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(DIALOG_TEXT.formNotValid);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    for (const label of [
      'Scheme Name',
      'Short Name',
      'Abbreviation',
      'Power User Login',
      'Password',
      'Repeat Password',
      'Country',
      'Email',
      'Mobile',
      'Landline',
    ]) {
      expect(field(label)).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    }
    expect(screen.getByRole('group', { name: 'Transacting Method' })).toHaveAccessibleDescription(
      FIELD_MESSAGES.required,
    );
    expect(fake.writes()).toEqual([]);
  });

  const expectMessage = async (user: User, label: string, text: string, message: string) => {
    await typeInto(user, label, text);
    expect(field(label)).toHaveAccessibleDescription(message);
  };

  it('checks the scheme detail rules of 03 §5 General', async () => {
    const { user } = await openNew();
    await expectMessage(user, 'Scheme Name', 'Tea_Time', FIELD_MESSAGES.alphaNumOnly);
    await expectMessage(user, 'Scheme Name', 'T'.repeat(51), FIELD_MESSAGES.maxlength);
    await expectMessage(user, 'Short Name', 'tea1', FIELD_MESSAGES.alphaOnly);
    await expectMessage(user, 'Short Name', 'teatime', FIELD_MESSAGES.maxlength);
    await typeInto(user, 'Short Name', 'tea');
    expect(field('Short Name')).toHaveValue('TEA');
    await expectMessage(user, 'Abbreviation', 'abcd', FIELD_MESSAGES.maxlength);
    await typeInto(user, 'Abbreviation', 'ab');
    expect(field('Abbreviation')).toHaveValue('AB');
    await expectMessage(user, 'Password', 'p'.repeat(16), FIELD_MESSAGES.maxlength);
    await typeInto(user, 'Password', 'Secret1');
    await expectMessage(user, 'Repeat Password', 'Secret2', FIELD_MESSAGES.areEqual);
    // The repeat has the password's limit of its own: equal to a password as long, still too long.
    const tooLong = 'p'.repeat(SCHEME_LIMITS.password + 1);
    await typeInto(user, 'Password', tooLong);
    await expectMessage(user, 'Repeat Password', tooLong, FIELD_MESSAGES.maxlength);
  });

  it('checks the address and contact rules of 03 §5 General', async () => {
    const { user } = await openNew();
    await expectMessage(user, 'Address Line 1', '1 Tea St.', FIELD_MESSAGES.alphaNumOnly);
    expect(field('Address Line 1')).toHaveValue('1 TEA ST.');
    await expectMessage(user, 'Address Line 2', 'a'.repeat(101), FIELD_MESSAGES.maxlength);
    await expectMessage(user, 'Suburb', 's'.repeat(51), FIELD_MESSAGES.maxlength);
    await expectMessage(user, 'City', 'c'.repeat(51), FIELD_MESSAGES.maxlength);
    await expectMessage(user, 'Postcode', 'p'.repeat(21), FIELD_MESSAGES.maxlength);
    await expectMessage(user, 'Email', 'not-an-email', FIELD_MESSAGES.email);
    await expectMessage(user, 'Email', `${'e'.repeat(40)}@example.com`, FIELD_MESSAGES.maxlength);
    await expectMessage(user, 'Website', 'tea.example', FIELD_MESSAGES.url);
    await typeInto(user, 'Website', 'ftp://files.tea.example');
    expect(field('Website')).not.toHaveAccessibleDescription();
    const website = (length: number) => `www.${'t'.repeat(length - 'www..example'.length)}.example`;
    await expectMessage(
      user,
      'Website',
      website(SCHEME_LIMITS.website + 1),
      FIELD_MESSAGES.maxlength,
    );
    await typeInto(user, 'Website', website(SCHEME_LIMITS.website));
    expect(field('Website')).not.toHaveAccessibleDescription();
    await expectMessage(user, 'Mobile', '0412 345', FIELD_MESSAGES.numOnly);
    await expectMessage(user, 'Mobile', '1'.repeat(25), FIELD_MESSAGES.maxlength);
    await expectMessage(user, 'Landline', '1'.repeat(15), FIELD_MESSAGES.maxlength);
  });

  it('refuses an image over 300 KB with "File size is too large"', async () => {
    await openNew();
    const input = within(screen.getByRole('group', { name: 'Button Image' })).getByLabelText(
      'Button Image',
    );
    const big = new File([new Uint8Array(307_201)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(DIALOG_TEXT.fileTooLarge);
  });

  it('creates the scheme with status 1, says so and moves to Configuration with its id', async () => {
    const { user } = await openNew();
    await fillValid(user);
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(dialog).toHaveTextContent(SCHEME_TEXT.schemeCreated);
    expect(fake.writes()).toEqual(['POST /api/gift-card/schemes']);
    expect(fake.writeBody(0)).toMatchObject({
      programTypeId: 1,
      clientId: 1,
      schemeName: 'Tea Time 2',
      schemeShortName: 'TEATIM',
      schemeAbbreviation: 'TTM',
      poweruserLogin: 'tea.admin',
      poweruserPassword: 'Secret1',
      poweruserPasswordRepeat: 'Secret1',
      address1: '1 TEA STREET',
      address2: null,
      countryId: 1,
      stateId: 11,
      email: 'tea@shop.example',
      website: 'www.tea.example',
      mobile: '0412345678',
      landline: '0298765432',
      transactionMethodsStr: '2',
      schemeStatus: SCHEME_STATUS.GENERAL,
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath()).toBe(gift.config.path));
    expect(window.location.hash).toBe(`#${gift.config.path}?id=101`);
  });

  it('updates an existing scheme (the password may stay empty) and says so', async () => {
    const { user } = renderApp({ route: withId(gift.general, 11) });
    await waitFor(() => expect(field('Scheme Name')).toHaveValue('Coffee Gift'));
    expect(screen.getByRole('checkbox', { name: 'Card' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Online' })).toBeChecked();
    await waitFor(() => expect(field('State')).toHaveDisplayValue('New South Wales'));
    await typeInto(user, 'Scheme Name', 'Coffee Gift Two');
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(dialog).toHaveTextContent(SCHEME_TEXT.schemeUpdated);
    expect(fake.writes()).toEqual(['PUT /api/gift-card/schemes/11']);
    const body = fake.writeBody(0) as Record<string, unknown>;
    expect(body).toMatchObject({
      programId: 11,
      schemeName: 'Coffee Gift Two',
      transactionMethodsStr: '1,3',
      schemeStatus: SCHEME_STATUS.GENERAL,
    });
    expect(body).not.toHaveProperty('poweruserPassword');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath()).toBe(gift.config.path));
    expect(window.location.hash).toBe(`#${gift.config.path}?id=11`);
  });

  it('a failed save shows "Error: {errorCode}" with the server message and stays', async () => {
    server.on('POST /api/gift-card/schemes', {
      status: 400,
      body: { errorCode: 1, errorMessage: 'stateId: Must be a state of the chosen country' },
    });
    const { user } = await openNew();
    await fillValid(user);
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.errorTitle(1) });
    expect(dialog).toHaveTextContent('stateId: Must be a state of the chosen country');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(currentPath()).toBe(gift.general.path);
    expect(description('Scheme Name')).toBeNull();
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user } = await openNew();
    await typeInto(user, 'Scheme Name', 'Half done');
    const nav = screen.getByRole('navigation', { name: 'Wizard steps' });
    await user.click(within(nav).getByRole('link', { name: 'Client Setup' }));
    let dialog = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
    await user.click(within(dialog).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
    expect(currentPath()).toBe(gift.general.path);
    expect(field('Scheme Name')).toHaveValue('Half done');

    await user.click(within(nav).getByRole('link', { name: 'Client Setup' }));
    dialog = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
    await user.click(within(dialog).getByRole('button', { name: UNSAVED_CHANGES_TEXT.leave }));
    await waitFor(() => expect(currentPath()).toBe(gift.setup.path));
  });
});
