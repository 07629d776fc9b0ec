import { act, screen, waitFor, within } from '@testing-library/react';
import { JOURNAL_TEXT } from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { paths } from '@/config/paths';
import { setLogSink, type LogEntry } from '@/lib/logging/logger';
import { DEFAULT_RUNTIME_CONFIG } from '@/lib/store/config-slice';
import { renderApp, setTokenCookie } from '../../support/client-app';
import {
  deferred,
  installFakeFetch,
  NETWORK_ERROR,
  type FakeFetch,
  type FakeResponse,
} from '../../support/fake-fetch';
import {
  failDeployments,
  installJournalServer,
  JOURNAL_PUBLISH_CALLS,
  PUBLISH_TAKEN_BACK,
  makePage,
  makeProfile,
  type JournalFake,
} from './journal-fake-server';
import { pressOk } from '../../support/dialogs';
import { failGoLiveAfterOtherSave, failGoLiveAndTakeBack } from '../site-builder/publish-take-back';

let server: FakeFetch;
let journal: JournalFake;

const COFFEE = makeProfile({
  profileId: 1,
  programId: 11,
  title: 'Coffee balance',
  siteUrl: 'coffee',
});
const BOOKS = makeProfile({
  profileId: 2,
  programId: 12,
  title: 'Book tokens',
  siteUrl: 'readmore',
  isPublished: 1,
  headerImg: 'img-7',
  moduleCode: 'MJC_12BG2',
  moduleCodeId: 4,
});

// The area loads lazily; loaded here once, so the first test's waits do not include compiling it.
beforeAll(() => import('@/features/my-journal/components/journal-area'));

beforeEach(() => {
  server = installFakeFetch();
  // Each with its Login page: no site is published without it (publish-rules.test.tsx).
  journal = installJournalServer(server, {
    profiles: [COFFEE, BOOKS],
    pages: [makePage({ pageId: 1, profileId: 1 }), makePage({ pageId: 2, profileId: 2 })],
  });
  setTokenCookie();
});
afterEach(() => server.restore());

const openDashboard = (options: Parameters<typeof renderApp>[0] = {}) =>
  renderApp({ route: paths.mj.dashboard.path, ...options });

const card = (title: string) => screen.findByRole('article', { name: title });

describe('journal dashboard', () => {
  it('shows the loading indicator until profiles and programs are in, then one card each', async () => {
    const answer = deferred<FakeResponse>();
    server.on('GET /api/myjournal/profiles', () => answer.promise);
    openDashboard();

    expect(
      await screen.findByRole('heading', { name: 'Select a MyJournal Website' }),
    ).toBeVisible();
    expect(await screen.findByRole('status')).toHaveTextContent(DIALOG_TEXT.loading);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();

    answer.resolve({
      body: {
        _embedded: { profiles: [COFFEE, BOOKS] },
        page: { size: 2, totalElements: 2, totalPages: 1, number: 0 },
      },
    });
    const list = await screen.findByRole('list', { name: 'MyJournal websites' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('article')).toHaveLength(2);

    const coffee = await card('Coffee balance');
    expect(coffee).toHaveTextContent('Coffee Gift');
    expect(coffee).toHaveTextContent(JOURNAL_TEXT.notPublished_indicator);
    expect(within(coffee).getByRole('img', { name: 'No header image' })).toBeInTheDocument();
    expect(within(coffee).getByRole('button', { name: 'Publish' })).toBeEnabled();
    expect(within(coffee).getByRole('button', { name: 'Open site' })).toBeEnabled();

    const books = await card('Book tokens');
    expect(books).toHaveTextContent('Books Gift');
    expect(books).toHaveTextContent(JOURNAL_TEXT.published_indicator);
    expect(books).not.toHaveTextContent(JOURNAL_TEXT.notPublished_indicator);
    expect(within(books).getByRole('img', { name: 'Header image of Book tokens' })).toHaveAttribute(
      'src',
      '/images/img-7.png',
    );
    expect(within(books).getByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
    expect(within(books).queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });

  it('shows a failed load as an error', async () => {
    server.on('GET /api/myjournal/profiles', {
      status: 500,
      body: { errorCode: 99, errorMessage: 'Internal error' },
    });
    openDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal error');
  });

  it('the search filters by title, program name or site URL', async () => {
    const { user } = openDashboard();
    const list = await screen.findByRole('list', { name: 'MyJournal websites' });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    const titles = () =>
      within(list)
        .queryAllByRole('article')
        .map((article) => within(article).getByRole('link').textContent);

    await user.type(search, 'book t');
    expect(titles()).toEqual(['Book tokens']);
    await user.clear(search);
    await user.type(search, 'coffee gift');
    expect(titles()).toEqual(['Coffee balance']);
    await user.clear(search);
    await user.type(search, 'READMORE');
    expect(titles()).toEqual(['Book tokens']);
    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(await screen.findByText('No website matches your search.')).toBeVisible();
  });

  it('a card opens the wizard at step 1 with its id; "Add New" without one', async () => {
    const { user, router } = openDashboard();
    await user.click(
      within(await card('Coffee balance')).getByRole('link', { name: 'Coffee balance' }),
    );
    // Step 1 shows (the dashboard left behind is gone), at its address.
    await screen.findByRole('heading', { level: 2, name: 'Client Setup' });
    expect(window.location.hash).toBe(`#${paths.mj.wizard.setup.path}?id=1`);
    await act(() => router.navigate(paths.mj.dashboard.path));
    await user.click(await screen.findByRole('link', { name: 'Add New' }));
    await screen.findByRole('heading', { level: 2, name: 'Client Setup' });
    expect(window.location.hash).toBe(`#${paths.mj.wizard.setup.path}`);
  });
});

describe('publish (01 §4.2)', () => {
  it('with an existing code: marks the profile published, then records a deployment', async () => {
    journal.moduleCodes.push({
      moduleCodeId: 3,
      moduleId: 1,
      code: 'MJC_11CG1',
      name: 'Coffee Gift',
      programId: 11,
    });
    journal.profiles[0]!.moduleCodeId = 3;
    const { user } = openDashboard();
    await user.click(within(await card('Coffee balance')).getByRole('button', { name: 'Publish' }));

    const done = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(done).toHaveTextContent(JOURNAL_TEXT.published('Coffee balance'));
    const [lookup] = server.calls('GET /api/moduleCodes/byid/11');
    expect(lookup!.url.searchParams.get('moduleCodeId')).toBe('3');
    expect(journal.writes()).toEqual([
      'PUT /api/myjournal/profiles/1',
      'POST /api/myjournal/deployments',
    ]);
    expect(journal.writeBody(0)).toEqual({
      ...COFFEE,
      moduleCodeId: 3,
      moduleCode: 'MJC_11CG1',
      isPublished: 1,
      location: 0,
    });
    expect(journal.writeBody(1)).toEqual({ profileId: 1 });

    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(
      within(await card('Coffee balance')).getByRole('button', { name: 'Unpublish' }),
    ).toBeInTheDocument();
    expect(await card('Coffee balance')).toHaveTextContent(JOURNAL_TEXT.published_indicator);
  });

  it('without a code: creates MJC_{program}{abbreviation}{profile}, stores it with the location', async () => {
    const { user } = openDashboard({
      preloadedState: {
        config: { ...DEFAULT_RUNTIME_CONFIG, productionHosts: [window.location.host] },
      },
    });
    await user.click(within(await card('Coffee balance')).getByRole('button', { name: 'Publish' }));

    expect(await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle })).toHaveTextContent(
      'Profile Coffee balance is now published',
    );
    expect(
      server.calls('GET /api/moduleCodes/byid/11')[0]!.url.searchParams.get('moduleCodeId'),
    ).toBe('');
    expect(journal.writes()).toEqual([
      'POST /api/moduleCodes',
      'PUT /api/myjournal/profiles/1',
      'POST /api/myjournal/deployments',
    ]);
    expect(journal.writeBody(0)).toEqual({ name: 'Coffee Gift', code: 'MJC_11CG1', programId: 11 });
    expect(journal.writeBody(1)).toEqual({
      ...COFFEE,
      isPublished: 1,
      moduleCode: 'MJC_11CG1',
      moduleCodeId: 1,
      location: 1,
    });
  });

  it('a lookup refused by the server shows "Error: {code}" with its message; nothing is written', async () => {
    server.on('GET /api/moduleCodes/byid/11', {
      status: 404,
      body: { errorCode: 3, errorMessage: 'Program 11 has no module codes' },
    });
    const { user } = openDashboard();
    await user.click(within(await card('Coffee balance')).getByRole('button', { name: 'Publish' }));

    const dialog = await screen.findByRole('dialog', { name: JOURNAL_TEXT.lookupFailedTitle(3) });
    expect(dialog).toHaveTextContent('Program 11 has no module codes');
    expect(screen.queryByText(DIALOG_TEXT.processing)).not.toBeInTheDocument();
    expect(journal.writes()).toEqual([]);
  });

  it('a lookup that never reaches the server only closes the processing dialog, and is logged', async () => {
    const logged: LogEntry[] = [];
    const restore = setLogSink((entry) => logged.push(entry));
    try {
      server.on('GET /api/moduleCodes/byid/11', NETWORK_ERROR);
      const { user } = openDashboard();
      await user.click(
        within(await card('Coffee balance')).getByRole('button', { name: 'Publish' }),
      );
      await waitFor(() => expect(server.calls('GET /api/moduleCodes/byid/11')).toHaveLength(1));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(journal.writes()).toEqual([]);
      expect(logged.map((entry) => entry.message)).toEqual(
        expect.arrayContaining([
          expect.stringContaining('/api/moduleCodes/byid/11'),
          'Publishing journal profile 1 stopped',
        ]),
      );
    } finally {
      restore();
    }
  });

  it('a failed module-code creation shows "Error" / "Something went wrong"', async () => {
    server.on('POST /api/moduleCodes', {
      status: 500,
      body: { errorCode: 99, errorMessage: 'Internal error' },
    });
    const { user } = openDashboard();
    await user.click(within(await card('Coffee balance')).getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(JOURNAL_TEXT.publishFailed);
    expect(journal.writes()).toEqual(['POST /api/moduleCodes']);
  });
});

describe('a publish whose deployment fails', () => {
  it('says "Error" / "Something went wrong" and leaves the site unpublished, Publish offered', async () => {
    failDeployments(server);
    const { user } = openDashboard();
    await user.click(within(await card('Coffee balance')).getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(JOURNAL_TEXT.publishFailed);
    expect(journal.writes()).toEqual(PUBLISH_TAKEN_BACK);
    expect(journal.profiles[0]).toMatchObject({ isPublished: 0, location: COFFEE.location });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    const coffee = await card('Coffee balance');
    expect(await within(coffee).findByText(JOURNAL_TEXT.notPublished_indicator)).toBeVisible();
    expect(within(coffee).getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('sends no second take-back when the first is refused as stale: a publish made meanwhile stays', async () => {
    failGoLiveAfterOtherSave(server, JOURNAL_PUBLISH_CALLS, () => {
      journal.profiles[0] = {
        ...journal.profiles[0]!,
        isPublished: 1,
        description: 'Published by another operator',
      };
    });
    const { user } = openDashboard();
    await user.click(within(await card('Coffee balance')).getByRole('button', { name: 'Publish' }));
    expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain(JOURNAL_TEXT.publishFailed);
    expect(journal.writes()).toEqual(PUBLISH_TAKEN_BACK);
    expect(journal.profiles[0]).toMatchObject({
      isPublished: 1,
      description: 'Published by another operator',
    });
    const coffee = await card('Coffee balance');
    expect(await within(coffee).findByText(JOURNAL_TEXT.published_indicator)).toBeVisible();
    expect(within(coffee).getByRole('button', { name: 'Unpublish' })).toBeEnabled();
  });

  it.each([
    ['a server error', undefined],
    ['a network failure', NETWORK_ERROR],
  ] as const)(
    'when the take-back fails with %s, the card shows the profile published, as stored',
    async (_case, answer) => {
      failGoLiveAndTakeBack(server, JOURNAL_PUBLISH_CALLS, answer);
      const { user } = openDashboard();
      await user.click(
        within(await card('Coffee balance')).getByRole('button', { name: 'Publish' }),
      );
      expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain(JOURNAL_TEXT.publishFailed);
      expect(journal.writes()).toEqual(PUBLISH_TAKEN_BACK);
      expect(journal.profiles[0]).toMatchObject({ isPublished: 1 });
      const coffee = await card('Coffee balance');
      expect(await within(coffee).findByText(JOURNAL_TEXT.published_indicator)).toBeVisible();
      expect(within(coffee).getByRole('button', { name: 'Unpublish' })).toBeEnabled();
    },
  );
});

describe('unpublish and open site', () => {
  it('asks first, Cancel focused; on OK loads the profile afresh, clears the flag and says so', async () => {
    const { user } = openDashboard();
    const books = await card('Book tokens');
    // Changed on the server since the list loaded: the fresh copy is what gets saved.
    journal.profiles[1]!.title = 'Book tokens (new)';

    await user.click(within(books).getByRole('button', { name: 'Unpublish' }));
    const confirm = await screen.findByRole('dialog', { name: JOURNAL_TEXT.unpublishConfirm });
    // Unpublishing takes the site offline: the question opens on Cancel, so Enter keeps it.
    const cancel = within(confirm).getByRole('button', { name: DIALOG_TEXT.cancel });
    await waitFor(() => expect(cancel).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(journal.writes()).toEqual([]);

    // The question answered, Unpublish is available again (unavailable while its flow runs).
    const unpublish = within(books).getByRole('button', { name: 'Unpublish' });
    await waitFor(() => expect(unpublish).not.toHaveAttribute('aria-disabled'));
    await user.click(unpublish);
    await user.click(
      within(await screen.findByRole('dialog', { name: JOURNAL_TEXT.unpublishConfirm })).getByRole(
        'button',
        { name: 'OK' },
      ),
    );
    expect(await screen.findByRole('dialog', { name: JOURNAL_TEXT.unpublished })).toBeVisible();
    expect(server.calls('GET /api/myjournal/profiles/2')).toHaveLength(1);
    expect(journal.writes()).toEqual(['PUT /api/myjournal/profiles/2']);
    expect(journal.writeBody(0)).toEqual({ ...BOOKS, title: 'Book tokens (new)', isPublished: 0 });
  });

  it('"Open site" warns for an unpublished profile and opens a published one in a new tab', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    try {
      const { user } = openDashboard();
      await user.click(
        within(await card('Coffee balance')).getByRole('button', { name: 'Open site' }),
      );
      const warning = await screen.findByRole('dialog', { name: DIALOG_TEXT.warningTitle });
      expect(warning).toHaveTextContent(JOURNAL_TEXT.notPublishedYet);
      expect(open).not.toHaveBeenCalled();
      await user.click(within(warning).getByRole('button', { name: 'OK' }));

      await user.click(
        within(await card('Book tokens')).getByRole('button', { name: 'Open site' }),
      );
      expect(open).toHaveBeenCalledWith(
        `${window.location.origin}/mj/#!/readmore`,
        '_blank',
        'noopener',
      );
    } finally {
      open.mockRestore();
    }
  });
});

describe('failed calls are logged (01 §8)', () => {
  it('logs a failure other than 401/11 with the call and the server answer, and passes it on', async () => {
    const logged: LogEntry[] = [];
    const restore = setLogSink((entry) => logged.push(entry));
    try {
      server.on('GET /api/myjournal/profiles', {
        status: 500,
        body: { errorCode: 99, errorMessage: 'Internal error' },
      });
      openDashboard();
      expect(await screen.findByRole('alert')).toHaveTextContent('Internal error');
      expect(logged).toContainEqual({
        level: 'error',
        message: `GET ${window.location.origin}/api/myjournal/profiles?page=1&pageSize=1000 failed`,
        details: { status: 500, errorCode: 99, errorMessage: 'Internal error' },
      });
    } finally {
      restore();
    }
  });

  it('does not log a timed-out session (401 with code 11): that one signs out', async () => {
    const logged: LogEntry[] = [];
    const restore = setLogSink((entry) => logged.push(entry));
    try {
      server.on('GET /api/myjournal/profiles', {
        status: 401,
        body: { errorCode: 11, errorMessage: 'Session expired' },
      });
      openDashboard();
      await waitFor(() => expect(window.location.hash).toBe(`#${paths.login.path}`));
      expect(logged.filter((entry) => entry.message.includes('/api/myjournal/profiles'))).toEqual(
        [],
      );
    } finally {
      restore();
    }
  });
});
