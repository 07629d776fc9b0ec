import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import {
  SCHEME_EMBEDDED,
  SCHEME_FINANCE_MESSAGE,
  SCHEME_TEXT,
  type BaseCampaignAction,
  type BaseCampaignNonAction,
} from '@contracts/api/schemes';
import { UNSAVED_CHANGES_TEXT } from '@/components/wizard/unsaved-changes';
import { BASE_CAMPAIGN_LABEL } from '@/features/schemes/lib/base-campaign';
import { paths, withId } from '@/config/paths';
import {
  buildBaseCampaignAction,
  buildClient,
  buildLoyaltyConfig,
  buildScheme,
} from '../../support/builders';
import { currentPath, embeddedList, renderApp, setTokenCookie } from '../../support/client-app';
import { installFakeFetch, NETWORK_ERROR, type FakeFetch } from '../../support/fake-fetch';
import { installSchemeServer, type SchemeFake } from './scheme-fake-server';

let server: FakeFetch;
let fake: SchemeFake;

const loyalty = paths.loyalty.wizard;
const ID = 21;
const CLIENT = buildClient({ clientId: 1, clientName: 'Coffee Co' });
const SCHEME = buildScheme({ programId: ID, programTypeId: 3, clientId: 1, schemeName: 'Points' });
const ACTION_PATH = `/api/gift-card/base-campaign/campaign-action/${ID}` as const;
const ROWS_PATH = `/api/gift-card/base-campaign/campaign-non-action/${ID}` as const;

/** The campaign the fake holds (null: none yet, answered 404). */
function serveCampaign(action: BaseCampaignAction | null) {
  server.on(`GET ${ACTION_PATH}`, () =>
    action
      ? { body: action }
      : { status: 404, body: { errorCode: 3, errorMessage: 'Base campaign not found' } },
  );
  const rows: BaseCampaignNonAction[] = (action?.range ?? []).map((row) => ({
    programId: ID,
    actionTypeId: action!.actionTypeId,
    fromValue: row.min,
    toValue: row.max,
    multiplier: row.multiplier,
  }));
  server.on(`GET ${ROWS_PATH}`, { body: embeddedList(SCHEME_EMBEDDED.nonActions, rows) });
}

beforeEach(() => {
  server = installFakeFetch();
  fake = installSchemeServer(server, {
    clients: [CLIENT],
    schemes: [SCHEME],
    configs: [buildLoyaltyConfig({ programId: ID })],
  });
  server.on('POST /api/gift-card/base-campaign', (request) => ({
    status: 201,
    body: request.body,
  }));
  server.on('POST /api/gift-card/base-campaign/update', (request) => ({ body: request.body }));
  serveCampaign(null);
  setTokenCookie();
});
afterEach(() => server.restore());

type User = ReturnType<typeof renderApp>['user'];
const TITLE = 'Base campaign for Coffee Co';
const save = () => screen.getByRole('button', { name: SCHEME_TEXT.buttons.saveContinue });
const radio = (label: string) => screen.getByRole('radio', { name: label });
const row = (mode: string, n: number) => screen.getByRole('group', { name: `${mode} row ${n}` });
const rows = (mode: string) => screen.queryAllByRole('group', { name: new RegExp(`^${mode} row`) });
const slider = (mode: string, n: number) => within(row(mode, n)).getByRole('slider');
const multiplier = (mode: string, n: number) => within(row(mode, n)).getByLabelText('Multiplier');
const addScale = (mode: string) => screen.getByRole('button', { name: `Add Scale to ${mode}` });

async function open() {
  const rendered = renderApp({ route: withId(loyalty.basecampaign, ID) });
  await screen.findByRole('heading', { name: TITLE });
  return rendered;
}

async function okDialog(user: User, title: string, text: string) {
  const dialog = await screen.findByRole('dialog', { name: title });
  expect(dialog).toHaveTextContent(text);
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
}

describe('Base Campaign, loyalty step 6 of 7 (03 §2, §4, §5, §8)', () => {
  it('shows the title, step 6 of 7 and the five modes, default chosen without a campaign', async () => {
    await open();
    expect(screen.getByText('step 6 of 7')).toBeInTheDocument();
    for (const label of [
      'Default Trader Allocation',
      'Flat Allocation',
      'Relative Allocation',
      'Sliding Scale',
      'Steping Scale',
    ]) {
      expect(radio(label)).toBeInTheDocument();
    }
    expect(radio('Default Trader Allocation')).toBeChecked();
    expect(screen.getByRole('button', { name: SCHEME_TEXT.buttons.skip })).toBeEnabled();
    expect(screen.getAllByRole('button', { name: /Add Scale/ })).toHaveLength(2);
  });

  it('creates the campaign when none exists, says so and moves to the Summary', async () => {
    const { user } = await open();
    await user.click(save());
    await okDialog(user, SCHEME_TEXT.successTitle, SCHEME_TEXT.baseCampaignCreated);
    expect(fake.writes()).toEqual(['POST /api/gift-card/base-campaign']);
    expect(fake.writeBody(0)).toEqual({
      programId: ID,
      actionTypeId: 1,
      actionParameter1: null,
      actionParameter2: null,
      range: [],
    });
    await waitFor(() => expect(currentPath()).toBe(loyalty.summary.path));
    expect(window.location.hash).toBe(`#${loyalty.summary.path}?id=${ID}`);
  });

  it('takes its mode from the saved campaign and updates it', async () => {
    serveCampaign(
      buildBaseCampaignAction({ programId: ID, actionTypeId: 2, actionParameter1: 15 }),
    );
    const { user } = await open();
    await waitFor(() => expect(radio('Flat Allocation')).toBeChecked());
    expect(screen.getByLabelText('Points')).toHaveValue('15.00');
    await user.clear(screen.getByLabelText('Points'));
    await user.type(screen.getByLabelText('Points'), '20');
    await user.click(save());
    await okDialog(user, SCHEME_TEXT.successTitle, SCHEME_TEXT.baseCampaignUpdated);
    expect(fake.writes()).toEqual(['POST /api/gift-card/base-campaign/update']);
    expect(fake.writeBody(0)).toMatchObject({
      programId: ID,
      actionTypeId: 2,
      actionParameter1: 20,
    });
    await waitFor(() => expect(currentPath()).toBe(loyalty.summary.path));
  });

  it('a save with Enter in Points moves on after OK with no question about the formatted text', async () => {
    const { user } = await open();
    await user.click(radio('Flat Allocation'));
    await user.click(screen.getByLabelText('Points'));
    await user.keyboard('10{Enter}');
    await okDialog(user, SCHEME_TEXT.successTitle, SCHEME_TEXT.baseCampaignCreated);
    expect(fake.writeBody(0)).toMatchObject({ actionTypeId: 2, actionParameter1: 10 });
    await waitFor(() => expect(currentPath()).toBe(loyalty.summary.path));
    expect(screen.queryByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title })).toBeNull();
  });

  it('flat points are required in flat mode; the form does not submit', async () => {
    const { user } = await open();
    await user.click(radio('Flat Allocation'));
    await user.click(save());
    expect(await screen.findByLabelText('Points')).toHaveAccessibleDescription(
      FIELD_MESSAGES.required,
    );
    expect(fake.writes()).toEqual([]);
    await user.type(screen.getByLabelText('Points'), 'abc');
    expect(screen.getByLabelText('Points')).toHaveAccessibleDescription(FIELD_MESSAGES.numOnly);
  });

  it('the relative pair is required in relative mode and saved as the two parameters', async () => {
    const { user } = await open();
    await user.click(radio('Relative Allocation'));
    await user.click(save());
    await waitFor(() =>
      expect(screen.getByLabelText('Units')).toHaveAccessibleDescription(FIELD_MESSAGES.required),
    );
    expect(screen.getByLabelText('Amount per')).toHaveAccessibleDescription(
      FIELD_MESSAGES.required,
    );
    expect(fake.writes()).toEqual([]);
    await user.type(screen.getByLabelText('Units'), '1');
    await user.type(screen.getByLabelText('Amount per'), '0');
    await user.tab();
    expect(screen.getByLabelText('Amount per')).toHaveAccessibleDescription(
      SCHEME_FINANCE_MESSAGE.amountPer,
    );
    await user.clear(screen.getByLabelText('Amount per'));
    await user.type(screen.getByLabelText('Amount per'), '10');
    await user.click(save());
    await okDialog(user, SCHEME_TEXT.successTitle, SCHEME_TEXT.baseCampaignCreated);
    expect(fake.writeBody(0)).toMatchObject({
      actionTypeId: 3,
      actionParameter1: 1,
      actionParameter2: 10,
      range: [],
    });
  });

  it('scale rows: 0-20 x1 first, add from max + 1, only the last row editable, remove', async () => {
    const { user } = await open();
    expect(rows('Sliding Scale')).toHaveLength(1);
    expect(within(row('Sliding Scale', 1)).getByText('$0 - $20')).toBeInTheDocument();
    expect(multiplier('Sliding Scale', 1)).toHaveValue('1.00');
    // Not the active mode: nothing editable, no row added.
    expect(slider('Sliding Scale', 1)).toBeDisabled();
    expect(addScale('Sliding Scale')).toBeDisabled();

    await user.click(radio('Sliding Scale'));
    expect(slider('Sliding Scale', 1)).toBeEnabled();
    expect(slider('Sliding Scale', 1)).toHaveAttribute('aria-valuetext', '$20');
    expect(slider('Steping Scale', 1)).toBeDisabled();
    expect(within(row('Sliding Scale', 1)).queryByRole('button')).toBeNull();

    await user.click(addScale('Sliding Scale'));
    expect(rows('Sliding Scale')).toHaveLength(2);
    expect(within(row('Sliding Scale', 2)).getByText('$21 - $41')).toBeInTheDocument();
    expect(slider('Sliding Scale', 1)).toBeDisabled();
    expect(slider('Sliding Scale', 2)).toBeEnabled();
    expect(within(row('Sliding Scale', 1)).queryByRole('button')).toBeNull();

    // The new row's multiplier is required (03 §5): the form does not submit.
    await user.click(save());
    await waitFor(() =>
      expect(multiplier('Sliding Scale', 2)).toHaveAccessibleDescription(FIELD_MESSAGES.required),
    );
    expect(fake.writes()).toEqual([]);
    await user.type(multiplier('Sliding Scale', 2), '2');

    // The last row spans at most to 200; then no row is added.
    fireEvent.change(slider('Sliding Scale', 2), { target: { value: '190' } });
    expect(within(row('Sliding Scale', 2)).getByText('$21 - $190')).toBeInTheDocument();
    await user.click(addScale('Sliding Scale'));
    expect(within(row('Sliding Scale', 3)).getByText('$191 - $200')).toBeInTheDocument();
    expect(addScale('Sliding Scale')).toBeDisabled();
    await user.type(multiplier('Sliding Scale', 3), '3');

    // Removing the last row re-enables the one before it; the focus goes to that row's Remove,
    // then (no row left to remove) to Add Scale.
    await user.click(screen.getByRole('button', { name: 'Remove Sliding Scale row 3' }));
    expect(rows('Sliding Scale')).toHaveLength(2);
    expect(slider('Sliding Scale', 2)).toBeEnabled();
    expect(addScale('Sliding Scale')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove Sliding Scale row 2' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(rows('Sliding Scale')).toHaveLength(1);
    expect(addScale('Sliding Scale')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(rows('Sliding Scale')).toHaveLength(2);
    await user.type(multiplier('Sliding Scale', 2), '2');
    fireEvent.change(slider('Sliding Scale', 2), { target: { value: '190' } });

    // Changing mode enables only the active mode's last row.
    await user.click(radio('Steping Scale'));
    expect(slider('Sliding Scale', 2)).toBeDisabled();
    expect(slider('Steping Scale', 1)).toBeEnabled();
    await user.click(radio('Sliding Scale'));
    expect(slider('Sliding Scale', 2)).toBeEnabled();

    await user.click(save());
    await okDialog(user, SCHEME_TEXT.successTitle, SCHEME_TEXT.baseCampaignCreated);
    expect(fake.writeBody(0)).toEqual({
      programId: ID,
      actionTypeId: 4,
      actionParameter1: null,
      actionParameter2: null,
      range: [
        { min: 0, max: 20, multiplier: 1 },
        { min: 21, max: 190, multiplier: 2 },
      ],
    });
  });

  it("locks an earlier row's multiplier too, and labels each slider with its own range", async () => {
    const { user } = await open();
    await user.click(radio('Sliding Scale'));
    expect(slider('Sliding Scale', 1)).toHaveAccessibleName(BASE_CAMPAIGN_LABEL.range(0, 20));
    expect(multiplier('Sliding Scale', 1)).toBeEnabled();
    // Not the active mode: its only row's multiplier is locked as well.
    expect(multiplier('Steping Scale', 1)).toBeDisabled();

    await user.click(addScale('Sliding Scale'));
    expect(slider('Sliding Scale', 2)).toHaveAccessibleName(BASE_CAMPAIGN_LABEL.range(21, 41));
    expect(multiplier('Sliding Scale', 1)).toBeDisabled();
    expect(multiplier('Sliding Scale', 2)).toBeEnabled();

    // A row is locked once another follows it: 'Add Scale' first asks for this one's multiplier.
    await user.click(addScale('Sliding Scale'));
    expect(rows('Sliding Scale')).toHaveLength(2);
    expect(multiplier('Sliding Scale', 2)).toHaveFocus();
    expect(multiplier('Sliding Scale', 2)).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    await user.type(multiplier('Sliding Scale', 2), '2');
    await user.click(addScale('Sliding Scale'));
    expect(rows('Sliding Scale')).toHaveLength(3);
    expect(multiplier('Sliding Scale', 2)).toBeDisabled();
    expect(slider('Sliding Scale', 3)).toHaveAccessibleName(BASE_CAMPAIGN_LABEL.range(42, 62));

    // Removing the last row unlocks the one before it, multiplier included.
    await user.click(screen.getByRole('button', { name: 'Remove Sliding Scale row 3' }));
    expect(multiplier('Sliding Scale', 2)).toBeEnabled();
    expect(multiplier('Sliding Scale', 2)).toHaveValue('2.00');
  });

  it('loads saved steping rows from campaign-non-action', async () => {
    serveCampaign(
      buildBaseCampaignAction({
        programId: ID,
        actionTypeId: 5,
        range: [
          { min: 0, max: 50, multiplier: 1 },
          { min: 51, max: 200, multiplier: 1.5 },
        ],
      }),
    );
    await open();
    await waitFor(() => expect(radio('Steping Scale')).toBeChecked());
    expect(rows('Steping Scale')).toHaveLength(2);
    expect(within(row('Steping Scale', 2)).getByText('$51 - $200')).toBeInTheDocument();
    expect(multiplier('Steping Scale', 2)).toHaveValue('1.50');
    expect(slider('Steping Scale', 1)).toBeDisabled();
    expect(slider('Steping Scale', 2)).toBeEnabled();
    expect(addScale('Steping Scale')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Steping Scale row 2' })).toBeEnabled();
    expect(rows('Sliding Scale')).toHaveLength(1);
  });

  it('a saved row removed and added again is a new row, not the saved one back', async () => {
    serveCampaign(
      buildBaseCampaignAction({
        programId: ID,
        actionTypeId: 5,
        range: [
          { min: 0, max: 50, multiplier: 1 },
          { min: 51, max: 200, multiplier: 1.5 },
        ],
      }),
    );
    const { user } = await open();
    await waitFor(() => expect(rows('Steping Scale')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Remove Steping Scale row 2' }));
    await user.click(addScale('Steping Scale'));
    expect(within(row('Steping Scale', 2)).getByText('$51 - $71')).toBeInTheDocument();
    expect(multiplier('Steping Scale', 2)).toHaveValue('');
  });

  it('reads the scale rows again each time the step opens: another operator may have saved since', async () => {
    const sliding = (range: BaseCampaignAction['range']) =>
      buildBaseCampaignAction({ programId: ID, actionTypeId: 4, range });
    serveCampaign(sliding([{ min: 0, max: 50, multiplier: 1 }]));
    const { user } = await open();
    await waitFor(() => expect(radio('Sliding Scale')).toBeChecked());
    expect(rows('Sliding Scale')).toHaveLength(1);

    // Away to the Summary (which keeps the rows in use), while another operator adds a row.
    await user.click(screen.getByRole('link', { name: SCHEME_TEXT.tabs.summary }));
    await screen.findByRole('heading', { level: 2, name: SCHEME_TEXT.tabs.summary });
    serveCampaign(
      sliding([
        { min: 0, max: 50, multiplier: 1 },
        { min: 51, max: 200, multiplier: 2 },
      ]),
    );
    await user.click(screen.getByRole('link', { name: SCHEME_TEXT.tabs.basecampaign }));
    await screen.findByRole('heading', { name: TITLE });
    await waitFor(() => expect(rows('Sliding Scale')).toHaveLength(2));
    expect(within(row('Sliding Scale', 2)).getByText('$51 - $200')).toBeInTheDocument();
  });

  it('a refused save shows "Failed: {errorCode}" with the server message and stays', async () => {
    server.on('POST /api/gift-card/base-campaign', {
      status: 400,
      body: {
        errorCode: 1,
        errorMessage: 'programId: Base campaigns are for loyalty schemes only',
      },
    });
    const { user } = await open();
    await user.click(save());
    await okDialog(
      user,
      SCHEME_TEXT.failedCodeTitle(1),
      'programId: Base campaigns are for loyalty schemes only',
    );
    expect(currentPath()).toBe(loyalty.basecampaign.path);
    expect(save()).toBeEnabled();
  });

  it('a save without an answer shows "Error: {errorCode}"', async () => {
    server.on('POST /api/gift-card/base-campaign', NETWORK_ERROR);
    const { user } = await open();
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: /^Error: / });
    expect(dialog).toBeInTheDocument();
    expect(currentPath()).toBe(loyalty.basecampaign.path);
  });

  it('"Skip this step" asks first, and moves to the Summary only on "Yes, skip"', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: SCHEME_TEXT.buttons.skip }));
    let dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.skipTitle });
    expect(dialog).toHaveTextContent(SCHEME_TEXT.skipMessage);
    await user.click(within(dialog).getByRole('button', { name: SCHEME_TEXT.skipCancel }));
    expect(currentPath()).toBe(loyalty.basecampaign.path);
    await user.click(screen.getByRole('button', { name: SCHEME_TEXT.buttons.skip }));
    dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.skipTitle });
    await user.click(within(dialog).getByRole('button', { name: SCHEME_TEXT.skipConfirm }));
    await waitFor(() => expect(currentPath()).toBe(loyalty.summary.path));
    expect(fake.writes()).toEqual([]);
  });

  it('leaving with unsaved changes asks first; "Yes, skip" does not ask again', async () => {
    const { user } = await open();
    await user.click(radio('Flat Allocation'));
    await user.click(screen.getByRole('link', { name: 'Summary' }));
    const ask = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
    await user.click(within(ask).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
    expect(currentPath()).toBe(loyalty.basecampaign.path);
    expect(radio('Flat Allocation')).toBeChecked();

    await user.click(screen.getByRole('button', { name: SCHEME_TEXT.buttons.skip }));
    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.skipTitle });
    await user.click(within(dialog).getByRole('button', { name: SCHEME_TEXT.skipConfirm }));
    await waitFor(() => expect(currentPath()).toBe(loyalty.summary.path));
    expect(screen.queryByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title })).toBeNull();
  });
});
