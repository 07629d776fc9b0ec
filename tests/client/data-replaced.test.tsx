/**
 * A scenario switch or reset on the developer tools' page (/__mock) of the same origin: an open
 * portal tab drops its cached data, reads it again and says so; a form's unsaved typing comes
 * back on top of the new data, unsaved. Anything else posted on the channel changes nothing.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import {
  isDataReplacedMessage,
  MOCK_DATA_CHANNEL,
  SCENARIO,
  type DataReplacedMessage,
} from '@contracts/api/mock-scenarios';
import { paths, withId } from '@/config/paths';
import { DATA_REPLACED_TEXT, SESSION_DRAFT_TEXT } from '@/config/texts';
import { SETTINGS_LABEL } from '@/features/my-journal/lib/journal-texts';
import { renderApp, setTokenCookie } from '../support/client-app';
import { installFakeFetch, type FakeFetch } from '../support/fake-fetch';
import {
  installJournalServer,
  makeProfile,
  type JournalFake,
} from './my-journal/journal-fake-server';

let server: FakeFetch;
let journal: JournalFake;
/** The /__mock page's side of the channel. */
let mockPage: NodeBroadcastChannel;

beforeAll(async () => {
  // jsdom has no BroadcastChannel; Node's is the same standard interface.
  Object.assign(window, { BroadcastChannel: NodeBroadcastChannel });
  await import('@/features/my-journal/components/journal-area');
});
afterAll(() => {
  Reflect.deleteProperty(window, 'BroadcastChannel');
});

beforeEach(() => {
  server = installFakeFetch();
  journal = installJournalServer(server, {
    profiles: [makeProfile({ profileId: 1, title: 'Coffee balance', keywords: 'coffee' })],
  });
  setTokenCookie();
  mockPage = new NodeBroadcastChannel(MOCK_DATA_CHANNEL);
});
afterEach(() => {
  mockPage.close();
  server.restore();
});

/** Posts on the channel as the /__mock page does (the tab takes it in a task of its own). */
function post(message: unknown): void {
  act(() => mockPage.postMessage(message));
}

const switched = (scenario: string): DataReplacedMessage => ({ type: 'data-replaced', scenario });

/** The scenario's data: profile 1 is another site now. */
function replaceData(): void {
  journal.profiles.splice(
    0,
    journal.profiles.length,
    makeProfile({ profileId: 1, title: 'Harbour Gift', keywords: 'harbour' }),
  );
}

const websites = () => screen.findByRole('list', { name: 'MyJournal websites' });
const findNotice = () => screen.findByRole('region', { name: DATA_REPLACED_TEXT.label });
const queryNotice = () => screen.queryByRole('region', { name: DATA_REPLACED_TEXT.label });

describe('the data replaced on /__mock', () => {
  it('drops the cached data: the screen shows the new data and a notice, until dismissed', async () => {
    const { user } = renderApp({ route: paths.mj.dashboard.path });
    expect(within(await websites()).getByText('Coffee balance')).toBeInTheDocument();

    replaceData();
    post(switched(SCENARIO.publishedJournal));

    const notice = await findNotice();
    expect(notice).toHaveTextContent(DATA_REPLACED_TEXT.replaced(SCENARIO.publishedJournal));
    expect(notice).not.toHaveTextContent(DATA_REPLACED_TEXT.changesKept);
    expect(await within(await websites()).findByText('Harbour Gift')).toBeInTheDocument();
    expect(screen.queryByText('Coffee balance')).not.toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: DATA_REPLACED_TEXT.dismiss }));
    expect(queryNotice()).not.toBeInTheDocument();
    // The focus goes on to the screen, not to the page's body.
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('says it in a live region that was there, empty, before the word came', async () => {
    renderApp({ route: paths.mj.dashboard.path });
    await websites();
    const regions = [...document.querySelectorAll('[aria-live="polite"]')];
    const empty = regions.filter((region) => region.textContent === '');
    expect(empty).not.toHaveLength(0);

    post(switched(SCENARIO.empty));
    const notice = await findNotice();
    expect(empty).toContain(notice.parentElement);
  });

  it('says a second reset to the same scenario anew: its text is put in again', async () => {
    renderApp({ route: paths.mj.dashboard.path });
    await websites();
    const text = DATA_REPLACED_TEXT.replaced(SCENARIO.demo);
    post(switched(SCENARIO.demo));
    const first = within(await findNotice()).getByText(text);

    post(switched(SCENARIO.demo));
    await waitFor(() => expect(first).not.toBeInTheDocument());
    expect(within(await findNotice()).getByText(text)).toBeVisible();
  });

  it('shows only a built-in scenario’s name, never text another page of the origin chose', async () => {
    renderApp({ route: paths.mj.dashboard.path });
    await websites();
    post(switched('Call 0800 FAKE now'));
    const notice = await findNotice();
    expect(notice).toHaveTextContent(DATA_REPLACED_TEXT.replacedOther);
    expect(notice).not.toHaveTextContent('0800');
    // The caches are dropped all the same: nothing but a read again.
    await waitFor(() => expect(server.calls('GET /api/myjournal/profiles')).toHaveLength(2));
  });

  it('keeps what was typed in an open form, back on top of the new data, unsaved', async () => {
    const { user } = renderApp({ route: withId(paths.mj.wizard.setting, 1) });
    const title = () => screen.getByLabelText(SETTINGS_LABEL.title, { exact: true });
    const keywords = () => screen.getByLabelText(SETTINGS_LABEL.keywords, { exact: true });
    await waitFor(() => expect(title()).toHaveValue('Coffee balance'));
    await user.clear(title());
    await user.type(title(), 'Tea time');

    replaceData();
    post(switched(SCENARIO.demo));

    expect(
      await screen.findByText(DATA_REPLACED_TEXT.replaced(SCENARIO.demo), { exact: false }),
    ).toHaveTextContent(DATA_REPLACED_TEXT.changesKept);
    // The form read the new record: the field typed in keeps its typing, the others are new.
    expect(await screen.findByText(SESSION_DRAFT_TEXT.restored)).toBeInTheDocument();
    expect(title()).toHaveValue('Tea time');
    expect(keywords()).toHaveValue('harbour');
    // The field typed in went with its screen: the keyboard is on the notice, not the page's body.
    expect(await findNotice()).toHaveFocus();
    expect(journal.profiles[0]?.title).toBe('Harbour Gift');
  });

  const OTHER_MESSAGES = [
    'data-replaced',
    null,
    { type: 'data-replaced' },
    { type: 'data-replaced', scenario: '' },
    { type: 'other', scenario: SCENARIO.empty },
  ];

  it('changes nothing for anything else posted on the channel', async () => {
    renderApp({ route: paths.mj.dashboard.path });
    expect(within(await websites()).getByText('Coffee balance')).toBeInTheDocument();
    const reads = server.calls('GET /api/myjournal/profiles').length;

    replaceData();
    for (const message of OTHER_MESSAGES) post(message);
    // Taken after the others (a channel delivers in order): only this one read the data again.
    post(switched(SCENARIO.large));

    expect(await findNotice()).toHaveTextContent(DATA_REPLACED_TEXT.replaced(SCENARIO.large));
    expect(await within(await websites()).findByText('Harbour Gift')).toBeInTheDocument();
    expect(server.calls('GET /api/myjournal/profiles')).toHaveLength(reads + 1);
    for (const message of OTHER_MESSAGES) expect(isDataReplacedMessage(message)).toBe(false);
  });
});
