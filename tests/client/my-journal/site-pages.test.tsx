import { screen, waitFor, within } from '@testing-library/react';
import { JOURNAL_TEXT, type JournalPage } from '@contracts/api/journal';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { paths, withId } from '@/config/paths';
import { initialSelection, planPageSelection } from '@/features/my-journal/lib/page-selection';
import { currentPath, renderApp, setTokenCookie } from '../../support/client-app';
import {
  deferred,
  installFakeFetch,
  type FakeFetch,
  type FakeResponse,
} from '../../support/fake-fetch';
import {
  PAGE_TYPES,
  installJournalServer,
  makePage,
  makeProfile,
  type JournalFake,
} from './journal-fake-server';

let server: FakeFetch;
let journal: JournalFake;

/** Login (mandatory) enabled, Locations enabled, Terms present but off; FAQ and Privacy absent. */
const PAGES: JournalPage[] = [
  makePage({ pageId: 1, pageTypeId: 1, enabled: 1 }),
  makePage({ pageId: 2, pageTypeId: 5, enabled: 1, title: 'Shops' }),
  makePage({ pageId: 3, pageTypeId: 14, enabled: 0 }),
];

// The area loads lazily; loaded here once, so the first test's waits do not include compiling it.
beforeAll(() => import('@/features/my-journal/components/journal-area'));

beforeEach(() => {
  server = installFakeFetch();
  journal = installJournalServer(server, {
    profiles: [makeProfile({ profileId: 1 })],
    pages: PAGES,
  });
  setTokenCookie();
});
afterEach(() => server.restore());

const openStep = () => renderApp({ route: withId(paths.mj.wizard.page, 1) });

describe('step 3, MyJournal Site Pages', () => {
  it('one checkbox per page type; mandatory ones ticked and locked; enabled pages start ticked', async () => {
    openStep();
    expect(await screen.findByRole('heading', { name: 'MyJournal Site Pages' })).toBeVisible();
    const login = await screen.findByRole('checkbox', { name: 'Login' });
    expect(login).toBeChecked();
    expect(login).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Locations' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Locations' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Terms and Conditions' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Privacy Policy' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'FAQ' })).not.toBeChecked();
    expect(screen.getAllByRole('checkbox')).toHaveLength(PAGE_TYPES.length);
  });

  it('saves with one call after another, then says so and goes to the media step', async () => {
    const firstAnswer = deferred<FakeResponse>();
    let sentWhenFirstAnswered: string[] = [];
    server.on('PUT /api/myjournal/pages/2', async (request) => {
      await firstAnswer.promise;
      sentWhenFirstAnswered = journal.writes();
      return { body: request.body };
    });
    const { user } = openStep();
    await user.click(await screen.findByRole('checkbox', { name: 'Locations' }));
    await user.click(screen.getByRole('checkbox', { name: 'Terms and Conditions' }));
    await user.click(screen.getByRole('checkbox', { name: 'FAQ' }));
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));

    // The first call waits for its answer: the second is not sent before it. The answer is
    // held until the first call is in, and the fake notes what had been sent when it answered.
    await waitFor(() => expect(journal.writes()).toEqual(['PUT /api/myjournal/pages/2']));
    firstAnswer.resolve({});

    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(sentWhenFirstAnswered).toEqual(['PUT /api/myjournal/pages/2']);
    expect(dialog).toHaveTextContent(JOURNAL_TEXT.profileUpdated);
    // In page-type order: Locations off, Terms on, FAQ created.
    expect(journal.writes()).toEqual([
      'PUT /api/myjournal/pages/2',
      'PUT /api/myjournal/pages/3',
      'POST /api/myjournal/pages',
    ]);
    expect(journal.writeBody(0)).toEqual({ ...PAGES[1], enabled: 0 });
    expect(journal.writeBody(1)).toEqual({ ...PAGES[2], enabled: 1 });
    expect(journal.writeBody(2)).toEqual({ pageTypeId: 10, profileId: 1 });

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath()).toBe(paths.mj.wizard.media.path));
    expect(window.location.hash).toBe(`#${paths.mj.wizard.media.path}?id=1`);
  });

  it('a new profile gets its mandatory page created', async () => {
    journal.pages.splice(0);
    const { user } = openStep();
    expect(await screen.findByRole('checkbox', { name: 'Login' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(journal.writes()).toEqual(['POST /api/myjournal/pages']);
    expect(journal.writeBody(0)).toEqual({ pageTypeId: 1, profileId: 1 });
  });

  it('a failed call stops the save and shows the server message', async () => {
    server.on('PUT /api/myjournal/pages/3', {
      status: 400,
      body: { errorCode: 1, errorMessage: 'enabled: Must be 0 or 1' },
    });
    const { user } = openStep();
    await user.click(await screen.findByRole('checkbox', { name: 'Terms and Conditions' }));
    await user.click(screen.getByRole('checkbox', { name: 'FAQ' }));
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle })).toHaveTextContent(
      'enabled: Must be 0 or 1',
    );
    expect(journal.writes()).toEqual(['PUT /api/myjournal/pages/3']);
    expect(currentPath()).toBe(paths.mj.wizard.page.path);
  });

  it("a save after another operator's refuses as stale, keeps the ticks, and the next save keeps their page", async () => {
    const { user } = openStep();
    const locations = await screen.findByRole('checkbox', { name: 'Locations' });
    await user.click(locations);
    await user.click(screen.getByRole('checkbox', { name: 'FAQ' }));
    // Operator B edits the Locations page and turns Terms on meanwhile.
    const theirs = { ...PAGES[1]!, content: '<p>Theirs</p>' };
    Object.assign(journal.pages[1]!, theirs);
    journal.pages[2]!.enabled = 1;
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));

    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(
      `${ERROR_MESSAGE.staleRecord} ${DIALOG_TEXT.staleRecordReloaded}`,
    );
    await user.click(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok }));
    // Nothing written: B's page is as B saved it.
    expect(journal.writes()).toEqual(['PUT /api/myjournal/pages/2']);
    expect(journal.pages[1]).toEqual(theirs);

    // Read again: B's Terms shows ticked, A's ticks stay.
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Terms and Conditions' })).toBeChecked(),
    );
    expect(locations).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'FAQ' })).toBeChecked();

    // Two calls, the second with the ETag the first answered: neither is refused.
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(journal.writes()).toEqual([
      'PUT /api/myjournal/pages/2',
      'PUT /api/myjournal/pages/2',
      'POST /api/myjournal/pages',
    ]);
    expect(journal.pages[1]).toEqual({ ...theirs, enabled: 0 });
    expect(journal.pages[2]).toMatchObject({ enabled: 1 });
    expect(journal.pages[3]).toMatchObject({ pageTypeId: 10, enabled: 1 });
  });
});

describe('page selection plan', () => {
  it('starts with mandatory types and enabled pages selected', () => {
    expect([...initialSelection(PAGE_TYPES, PAGES)].sort((a, b) => a - b)).toEqual([1, 5]);
  });

  it('enables, disables and creates as the selection asks, in page-type order', () => {
    const plan = planPageSelection(PAGE_TYPES, PAGES, new Set([14, 11]), 1);
    expect(plan).toEqual([
      { kind: 'disable', page: { ...PAGES[1], enabled: 0 } },
      { kind: 'enable', page: { ...PAGES[2], enabled: 1 } },
      { kind: 'create', page: { pageTypeId: 11, profileId: 1 } },
    ]);
  });

  it('keeps a mandatory page even when not passed as selected; nothing to do when unchanged', () => {
    const loginOff = [makePage({ pageId: 1, pageTypeId: 1, enabled: 0 })];
    expect(planPageSelection(PAGE_TYPES, loginOff, new Set(), 1)).toEqual([
      { kind: 'enable', page: { ...loginOff[0], enabled: 1 } },
    ]);
    expect(planPageSelection(PAGE_TYPES, PAGES, initialSelection(PAGE_TYPES, PAGES), 1)).toEqual(
      [],
    );
  });
});
