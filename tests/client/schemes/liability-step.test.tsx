import { screen, waitFor, within } from '@testing-library/react';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import {
  SCHEME_EMBEDDED,
  SCHEME_TEXT,
  type LiabilityReportConfig,
  type Scheme,
} from '@contracts/api/schemes';
import { paths, withId } from '@/config/paths';
import {
  buildClient,
  buildGiftConfig,
  buildLiabilityReportConfig,
  buildLoyaltyConfig,
  buildScheme,
} from '../../support/builders';
import { currentPath, embeddedList, renderApp, setTokenCookie } from '../../support/client-app';
import { installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import { installSchemeServer, type SchemeFake } from './scheme-fake-server';

let server: FakeFetch;
let fake: SchemeFake;

const gift = paths.gift.wizard;
const loyalty = paths.loyalty.wizard;
const GIFT = buildScheme({ programId: 11, clientId: 1, clientName: 'Coffee Co' });
const LOYALTY = buildScheme({
  programId: 12,
  programTypeId: 3,
  clientId: 1,
  clientName: 'Coffee Co',
  schemeName: 'Coffee Points',
});
const FREQUENCIES = [
  { id: 1, value: 'Daily' },
  { id: 3, value: 'Monthly' },
];
const SCHEDULERS = [{ id: 7, value: 'End of month' }];
const RECIPIENT_HELP = 'Type an e-mail address and press space to add it.';
/** Epoch seconds of the day's UTC midnight, as the form sends a picked day. */
const day = (year: number, month: number, date: number) => Date.UTC(year, month - 1, date) / 1000;

function install(liability: LiabilityReportConfig | 'fails' | null = null, schemes?: Scheme[]) {
  server = installFakeFetch();
  fake = installSchemeServer(server, {
    clients: [buildClient({ clientId: 1, clientName: 'Coffee Co' })],
    schemes: schemes ?? [GIFT, LOYALTY],
    configs: [buildGiftConfig({ programId: 11 }), buildLoyaltyConfig({ programId: 12 })],
  });
  server.on('GET /api/gift-card/liability/frequency', {
    body: embeddedList(SCHEME_EMBEDDED.frequencies, FREQUENCIES),
  });
  server.on('GET /api/gift-card/liability/schedulerFunction', {
    body: embeddedList(SCHEME_EMBEDDED.schedulerFunctions, SCHEDULERS),
  });
  server.on('GET /api/gift-card/liability', () => {
    if (liability === 'fails') {
      return { status: 500, body: { errorCode: 99, errorMessage: 'Database down' } };
    }
    return liability
      ? { body: liability }
      : { status: 404, body: { errorCode: 3, errorMessage: 'Liability report not found' } };
  });
  const echo = (request: { body: unknown }) => ({ body: request.body });
  server.on('POST /api/gift-card/liability', echo);
  server.on('PUT /api/gift-card/liability', echo);
}

beforeEach(() => setTokenCookie());
afterEach(() => server.restore());

type User = ReturnType<typeof renderApp>['user'];
const field = (label: string) => screen.getByLabelText(label);
const save = () => screen.getByRole('button', { name: SCHEME_TEXT.buttons.saveContinue });
const enable = () => screen.getByRole('checkbox', { name: 'Enable Liability Reports' });

async function open(
  liability: LiabilityReportConfig | 'fails' | null = null,
  route: string = withId(gift.liability, 11),
) {
  install(liability);
  const rendered = renderApp({ route });
  await screen.findByRole('heading', { name: 'Liability Reports for Coffee Co' });
  await screen.findByLabelText('Recipient');
  return rendered;
}

async function typeInto(user: User, label: string, text: string) {
  await user.clear(field(label));
  if (text !== '') await user.paste(text);
}

async function typeDate(user: User, label: string, text: string) {
  await typeInto(user, label, text);
  await user.keyboard('{Escape}');
  await user.tab();
}

/** Types an address into a tag input and ends it with a space (03 §5: tags are added on space). */
async function addTag(user: User, label: string, text: string) {
  await user.click(field(label));
  await user.paste(text);
  await user.keyboard(' ');
}

const tagsOf = (label: string) =>
  within(screen.getByRole('list', { name: `${label}: added` }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function submitInvalid(user: User) {
  await user.click(save());
  const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
  expect(dialog).toHaveTextContent(DIALOG_TEXT.formNotValid);
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

async function fillValid(user: User) {
  await addTag(user, 'Recipient', 'finance@shop.example');
  await addTag(user, 'Recipient', 'owner@shop.example');
  await addTag(user, 'CC', 'cc@shop.example');
  await typeInto(user, 'Subject', 'Monthly liability');
  await user.selectOptions(field('Frequency'), 'Monthly');
  await typeDate(user, 'Next Execution Date', '01.12.2026');
  await typeInto(user, 'Grouping Horizon', '3');
}

describe('Liability Reports step (03 §2 step 5, §4, §5 Liability)', () => {
  it('shows step 5 with its fields and Save & Continue disabled until enabled', async () => {
    const { user } = await open();
    expect(screen.getByText('step 5 of 6')).toBeInTheDocument();
    expect(enable()).not.toBeChecked();
    for (const label of ['Recipient', 'CC', 'BCC', 'Subject', 'Frequency', 'Grouping Horizon']) {
      expect(field(label)).toBeDisabled();
    }
    expect(save()).toBeDisabled();
    expect(screen.getByRole('button', { name: SCHEME_TEXT.buttons.skip })).toBeEnabled();
    await user.click(enable());
    expect(save()).toBeEnabled();
    for (const label of ['Recipient', 'CC', 'BCC', 'Subject', 'Frequency', 'Grouping Horizon']) {
      expect(field(label)).toBeEnabled();
    }
    expect(screen.getByRole('radio', { name: 'Define Frequency' })).toBeChecked();
    expect(field('Scheduler Function')).toBeDisabled();
  });

  it('shows errors only after a submit attempt, then every 03 §5 message', async () => {
    const { user } = await open();
    await user.click(enable());
    await typeInto(user, 'Subject', 's'.repeat(33));
    await user.tab();
    await addTag(user, 'Recipient', 'not-an-email');
    expect(tagsOf('Recipient')).toEqual(['not-an-email']);
    await typeInto(user, 'Grouping Horizon', '1a');
    await user.tab();
    expect(field('Subject')).not.toHaveAccessibleDescription();
    expect(field('Recipient')).toHaveAccessibleDescription(RECIPIENT_HELP);
    expect(field('Grouping Horizon')).toHaveAccessibleDescription('Number of months in the past');

    await submitInvalid(user);
    expect(field('Subject')).toHaveAccessibleDescription(FIELD_MESSAGES.maxlength);
    // The message, then the tag it is about.
    expect(field('Recipient')).toHaveAccessibleDescription(
      `${FIELD_MESSAGES.email} not-an-email ${RECIPIENT_HELP}`,
    );
    expect(field('Grouping Horizon')).toHaveAccessibleDescription(
      `${FIELD_MESSAGES.numOnly} Number of months in the past`,
    );
    expect(field('Frequency')).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    expect(field('Next Execution Date')).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    expect(fake.writes()).toEqual([]);

    await typeInto(user, 'Grouping Horizon', '123');
    expect(field('Grouping Horizon')).toHaveAccessibleDescription(
      `${FIELD_MESSAGES.maxlength} Number of months in the past`,
    );
    await typeDate(user, 'Next Execution Date', '31.02.2026');
    expect(field('Next Execution Date')).toHaveAccessibleDescription(FIELD_MESSAGES.checkFormat);
    // A real day the wire cannot carry (before 01.01.1970): the same message, not the server's.
    await typeDate(user, 'Next Execution Date', '31.12.1969');
    expect(field('Next Execution Date')).toHaveAccessibleDescription(FIELD_MESSAGES.checkFormat);
    await addTag(user, 'BCC', 'bcc@bad');
    expect(field('BCC')).toHaveAccessibleDescription(`${FIELD_MESSAGES.email} bcc@bad`);
    await user.click(screen.getByRole('button', { name: 'Remove not-an-email' }));
    expect(field('Recipient')).toHaveAccessibleDescription(
      `${FIELD_MESSAGES.required} ${RECIPIENT_HELP}`,
    );
  });

  it('the subject is required: an empty or blank one is marked after a submit', async () => {
    const { user } = await open();
    await user.click(enable());
    await submitInvalid(user);
    expect(field('Subject')).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    await typeInto(user, 'Subject', '   ');
    expect(field('Subject')).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    await typeInto(user, 'Subject', 'Monthly liability');
    expect(field('Subject')).not.toHaveAccessibleDescription();
    expect(fake.writes()).toEqual([]);
  });

  it('after a failed submit, marks each recipient, CC and BCC tag that is not an e-mail address and names it to screen readers', async () => {
    const { user } = await open();
    await user.click(enable());
    await addTag(user, 'Recipient', 'finance@shop.example');
    await addTag(user, 'Recipient', 'finance.shop.example');
    await addTag(user, 'CC', 'cc@shop');
    await addTag(user, 'BCC', 'audit@shop.example');
    await addTag(user, 'BCC', 'audit@@shop.example');
    const tag = (label: string, text: string) =>
      within(screen.getByRole('list', { name: `${label}: added` }))
        .getAllByRole('listitem')
        .find((item) => item.textContent?.includes(text))!;
    const removeButton = (text: string) => screen.getByRole('button', { name: `Remove ${text}` });
    // Before a submit attempt nothing is marked.
    expect(tag('Recipient', 'finance.shop.example')).not.toHaveClass('text-bg-danger');
    expect(removeButton('finance.shop.example')).not.toHaveAccessibleDescription();

    await submitInvalid(user);
    expect(tag('Recipient', 'finance.shop.example')).toHaveClass('text-bg-danger');
    expect(tag('Recipient', 'finance.shop.example')).toHaveTextContent('!finance.shop.example');
    expect(tag('Recipient', 'finance@shop.example')).toHaveClass('text-bg-secondary');
    expect(tag('CC', 'cc@shop')).toHaveClass('text-bg-danger');
    expect(tag('BCC', 'audit@@shop.example')).toHaveClass('text-bg-danger');
    expect(tag('BCC', 'audit@shop.example')).toHaveClass('text-bg-secondary');
    // Each field's description says the message, then which of its tags fail.
    expect(field('Recipient')).toHaveAccessibleDescription(
      `${FIELD_MESSAGES.email} finance.shop.example ${RECIPIENT_HELP}`,
    );
    expect(field('CC')).toHaveAccessibleDescription(`${FIELD_MESSAGES.email} cc@shop`);
    expect(field('BCC')).toHaveAccessibleDescription(`${FIELD_MESSAGES.email} audit@@shop.example`);
    // A failing tag's remove button carries the message; a good one's none.
    expect(removeButton('finance.shop.example')).toHaveAccessibleDescription(FIELD_MESSAGES.email);
    expect(removeButton('cc@shop')).toHaveAccessibleDescription(FIELD_MESSAGES.email);
    expect(removeButton('finance@shop.example')).not.toHaveAccessibleDescription();
    expect(removeButton('audit@shop.example')).not.toHaveAccessibleDescription();

    // Removing the bad CC tag clears its field's error and marking.
    await user.click(removeButton('cc@shop'));
    expect(field('CC')).not.toHaveAccessibleDescription();
    expect(fake.writes()).toEqual([]);
  });

  it('addresses pasted together into a tag input become one tag each', async () => {
    const { user } = await open();
    await user.click(enable());
    await user.click(field('CC'));
    await user.paste('  a@b.com   c@d.com, e@f.com  ');
    await user.click(field('BCC'));
    await user.paste('audit@shop.example;\nboss@shop.example');
    expect(tagsOf('CC')).toEqual(['a@b.com', 'c@d.com', 'e@f.com']);
    expect(tagsOf('BCC')).toEqual(['audit@shop.example', 'boss@shop.example']);
    await submitInvalid(user);
    // Only the missing recipient is wrong: every pasted address is one valid tag.
    expect(field('Recipient')).toHaveAccessibleDescription(
      `${FIELD_MESSAGES.required} ${RECIPIENT_HELP}`,
    );
    expect(field('CC')).not.toHaveAccessibleDescription();
    expect(field('BCC')).not.toHaveAccessibleDescription();
  });

  it('scheduler mode needs a scheduler function and closes the frequency fields', async () => {
    const { user } = await open();
    await user.click(enable());
    await user.click(screen.getByRole('radio', { name: 'Define Scheduler' }));
    expect(field('Frequency')).toBeDisabled();
    expect(field('Next Execution Date')).toBeDisabled();
    expect(field('Scheduler Function')).toBeEnabled();
    await submitInvalid(user);
    expect(field('Scheduler Function')).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    expect(field('Frequency')).not.toHaveAccessibleDescription();
  });

  it('creates the report (lists comma-joined, epoch seconds, flActive 1) and moves to the Summary', async () => {
    const { user } = await open();
    await user.click(enable());
    await fillValid(user);
    expect(tagsOf('Recipient')).toEqual(['finance@shop.example', 'owner@shop.example']);
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(dialog).toHaveTextContent(SCHEME_TEXT.liabilityCreated);
    expect(fake.writes()).toEqual(['POST /api/gift-card/liability']);
    expect(server.calls('POST /api/gift-card/liability')[0]!.url.search).toBe('?returnBody=true');
    expect(fake.writeBody(0)).toEqual({
      programId: 11,
      emailRecipient: 'finance@shop.example,owner@shop.example',
      emailCC: 'cc@shop.example',
      emailBCC: null,
      emailSubject: 'Monthly liability',
      flActive: 1,
      frequency: 3,
      nextExecutionDate: day(2026, 12, 1),
      schedulerFunction: null,
      groupingHorizon: 3,
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath()).toBe(gift.summary.path));
    expect(window.location.hash).toBe(`#${gift.summary.path}?id=11`);
  });

  it('a failed load counts as none: the save creates; loyalty moves on to Base Campaign', async () => {
    const { user } = await open('fails', withId(loyalty.liability, 12));
    expect(screen.getByText('step 5 of 7')).toBeInTheDocument();
    await user.click(enable());
    await fillValid(user);
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(dialog).toHaveTextContent(SCHEME_TEXT.liabilityCreated);
    expect(fake.writes()).toEqual(['POST /api/gift-card/liability']);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath()).toBe(loyalty.basecampaign.path));
  });

  it('loads the existing report and updates it in scheduler mode, the frequency fields cleared', async () => {
    const { user } = await open(
      buildLiabilityReportConfig({
        programId: 11,
        emailRecipient: 'finance@shop.example,boss@shop.example',
        emailBCC: 'audit@shop.example',
      }),
    );
    await waitFor(() => expect(enable()).toBeChecked());
    expect(tagsOf('Recipient')).toEqual(['finance@shop.example', 'boss@shop.example']);
    expect(tagsOf('BCC')).toEqual(['audit@shop.example']);
    expect(field('Subject')).toHaveValue('Liability report');
    expect(field('Frequency')).toHaveDisplayValue('Monthly');
    expect(field('Next Execution Date')).toHaveValue('01.12.2026');
    expect(field('Grouping Horizon')).toHaveValue('3');

    await user.click(screen.getByRole('radio', { name: 'Define Scheduler' }));
    await user.selectOptions(field('Scheduler Function'), 'End of month');
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(dialog).toHaveTextContent(SCHEME_TEXT.liabilityUpdated);
    expect(fake.writes()).toEqual(['PUT /api/gift-card/liability']);
    expect(fake.writeBody(0)).toEqual({
      programId: 11,
      emailRecipient: 'finance@shop.example,boss@shop.example',
      emailCC: null,
      emailBCC: 'audit@shop.example',
      emailSubject: 'Liability report',
      flActive: 1,
      frequency: null,
      nextExecutionDate: null,
      schedulerFunction: 7,
      groupingHorizon: 3,
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath()).toBe(gift.summary.path));
  });

  it("shows a refused save as 'Failed: {errorCode}' with the server's message and stays", async () => {
    const { user } = await open();
    server.on('POST /api/gift-card/liability', {
      status: 400,
      body: { errorCode: 1, errorMessage: 'emailSubject: Must not contain < or >' },
    });
    await user.click(enable());
    await fillValid(user);
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.failedCodeTitle(1) });
    expect(dialog).toHaveTextContent('emailSubject: Must not contain < or >');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(currentPath()).toBe(gift.liability.path);
  });

  it('skip asks first and moves on without saving', async () => {
    const { user } = await open();
    // The summary step it moves on to lists the scheme's uploaded files.
    const files = 'GET /api/gift-card/summaries/11/uploaded-files';
    server.on(files, { body: embeddedList(SCHEME_EMBEDDED.files, []) });
    await user.click(enable());
    await typeInto(user, 'Subject', 'Unsaved');
    await user.click(screen.getByRole('button', { name: SCHEME_TEXT.buttons.skip }));
    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.skipTitle });
    expect(dialog).toHaveTextContent(SCHEME_TEXT.skipMessage);
    await user.click(within(dialog).getByRole('button', { name: SCHEME_TEXT.skipConfirm }));
    await waitFor(() => expect(currentPath()).toBe(gift.summary.path));
    await waitFor(() => expect(server.calls(files)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.writes()).toEqual([]);
  });
});
