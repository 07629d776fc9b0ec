/**
 * A site without its mandatory Login page (an enabled page of the Login type) is not published:
 * both publish flows (the dashboard's and the summary's) say what is missing instead.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { ERROR_CODE } from '@contracts/api/constants';
import { JOURNAL_PAGE_TYPE, JOURNAL_TEXT } from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { paths, withId } from '@/config/paths';
import { renderApp, setTokenCookie } from '../../support/client-app';
import { installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import {
  installJournalServer,
  makePage,
  makeProfile,
  type JournalFake,
  type JournalSeed,
} from './journal-fake-server';

let server: FakeFetch;
let journal: JournalFake;

const COFFEE = makeProfile({ profileId: 1, programId: 11, title: 'Coffee balance' });
const LOCATIONS = makePage({ pageId: 2, profileId: 1, pageTypeId: JOURNAL_PAGE_TYPE.LOCATIONS });

beforeAll(() => import('@/features/my-journal/components/journal-area'));

const install = (seed: JournalSeed) => {
  server = installFakeFetch();
  journal = installJournalServer(server, seed);
  setTokenCookie();
};
afterEach(() => server.restore());

const publishFromDashboard = async () => {
  const rendered = renderApp({ route: paths.mj.dashboard.path });
  const card = await screen.findByRole('article', { name: 'Coffee balance' });
  await rendered.user.click(within(card).getByRole('button', { name: 'Publish' }));
  return rendered;
};
const publishFromSummary = async () => {
  const rendered = renderApp({ route: withId(paths.mj.wizard.summary, 1) });
  await rendered.user.click(await screen.findByRole('button', { name: 'Publish' }));
  return rendered;
};

/** The answer: "Error" saying what is missing; the spinner gone; nothing written. */
async function expectLoginPageMissing() {
  const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
  expect(dialog).toHaveTextContent(JOURNAL_TEXT.loginPageMissing);
  expect(screen.queryByText(DIALOG_TEXT.processing)).not.toBeInTheDocument();
  expect(journal.writes()).toEqual([]);
  expect(server.calls('GET /api/moduleCodes/byid/11')).toEqual([]);
  return dialog;
}

describe('publishing needs the Login page', () => {
  it.each([
    ['no pages', []],
    ['only other pages', [LOCATIONS]],
    ['a disabled Login page', [makePage({ pageId: 1, profileId: 1, enabled: 0 }), LOCATIONS]],
    ["another profile's Login page", [makePage({ pageId: 1, profileId: 2 })]],
  ])('the dashboard refuses a site with %s and says what is missing', async (_name, pages) => {
    install({ profiles: [COFFEE], pages });
    const { user } = await publishFromDashboard();
    const dialog = await expectLoginPageMissing();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Still not published.
    const card = screen.getByRole('article', { name: 'Coffee balance' });
    expect(within(card).getByText(JOURNAL_TEXT.notPublished_indicator)).toBeVisible();
  });

  it('the summary refuses it too', async () => {
    install({ profiles: [COFFEE], pages: [LOCATIONS] });
    const { user } = await publishFromSummary();
    const dialog = await expectLoginPageMissing();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    // Not published: Publish stays offered.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled());
  });

  it('with its Login page enabled the site is published', async () => {
    install({ profiles: [COFFEE], pages: [makePage({ pageId: 1, profileId: 1 }), LOCATIONS] });
    await publishFromSummary();
    expect(
      await screen.findByRole('dialog', { name: JOURNAL_TEXT.publishedFromSummaryTitle }),
    ).toHaveTextContent(JOURNAL_TEXT.publishedFromSummary);
    expect(journal.profiles[0]!.isPublished).toBe(1);
  });

  it("the server's refusal (the page went since the check) says the same", async () => {
    install({ profiles: [COFFEE], pages: [makePage({ pageId: 1, profileId: 1 })] });
    server.on('PUT /api/myjournal/profiles/1', {
      status: 409,
      body: {
        errorCode: ERROR_CODE.CONFLICT,
        errorMessage: `isPublished: ${JOURNAL_TEXT.loginPageMissing}`,
      },
    });
    await publishFromDashboard();
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(JOURNAL_TEXT.loginPageMissing);
    expect(dialog).not.toHaveTextContent(JOURNAL_TEXT.publishFailed);
    expect(journal.profiles[0]!.isPublished).toBe(0);
  });
});
