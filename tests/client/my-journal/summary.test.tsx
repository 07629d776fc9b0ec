import { act, screen, waitFor, within } from '@testing-library/react';
import { JOURNAL_EMBEDDED, JOURNAL_TEXT, type JournalPage } from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { defaultJournalStylesheet } from '@contracts/site/style-model';
import { paths, withId } from '@/config/paths';
import { DEFAULT_RUNTIME_CONFIG } from '@/lib/store/config-slice';
import { embeddedList, renderApp, setTokenCookie } from '../../support/client-app';
import {
  deferred,
  installFakeFetch,
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

const PROFILE = makeProfile({
  profileId: 1,
  programId: 11,
  siteUrl: 'coffee',
  title: 'Coffee balance',
  keywords: null,
  description: 'Check your card',
  googleAnalytics: '',
  clientWebsite: null,
  location: 1,
  logo: 'img-1',
  themeId: 2,
  cssOverride: `${defaultJournalStylesheet(2)}\np {\n  font-family: 'Open Sans', sans-serif;\n  font-size: 18px;\n}\n`,
});
const PAGES: JournalPage[] = [
  makePage({ pageId: 1, pageTypeId: 1, enabled: 1, title: 'Check your balance', content: null }),
  makePage({
    pageId: 2,
    pageTypeId: 5,
    enabled: 1,
    title: 'Our Locations',
    navItem: 'Shops',
    content:
      '<p>Visit <b>us</b></p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
  }),
  makePage({ pageId: 3, pageTypeId: 14, enabled: 0, title: 'Terms hidden' }),
  makePage({ pageId: 4, pageTypeId: 10, enabled: 1 }),
];

// The area loads lazily; loaded here once, so the first test's waits do not include compiling it.
beforeAll(() => import('@/features/my-journal/components/journal-area'));

beforeEach(() => {
  server = installFakeFetch();
  journal = installJournalServer(server, { profiles: [PROFILE], pages: PAGES });
  setTokenCookie();
});
afterEach(() => server.restore());

const openSummary = () => renderApp({ route: withId(paths.mj.wizard.summary, 1) });

/** A section's rows as `label: value` texts. */
const rows = (section: HTMLElement) =>
  within(section)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ''}`);

describe('summary (step 6 of 6)', () => {
  it("another site's summary opened in its place shows nothing of the first site while it loads", async () => {
    const other = makeProfile({
      profileId: 2,
      programId: 12,
      siteUrl: 'books',
      title: 'Books balance',
    });
    journal.profiles.push(other);
    const answer = deferred<FakeResponse>();
    server.on('GET /api/myjournal/profiles/2', () => answer.promise);
    server.on('GET /api/myjournal/profiles/2/pages', {
      body: embeddedList(JOURNAL_EMBEDDED.pages, []),
    });
    const { router } = openSummary();
    const setup = await screen.findByRole('region', { name: 'Client Setup' });
    expect(within(setup).getByText('Coffee Gift')).toBeInTheDocument();

    await act(() => router.navigate(withId(paths.mj.wizard.summary, 2)));
    expect(screen.queryByText('Coffee Gift')).not.toBeInTheDocument();
    expect(screen.queryByText('Coffee balance')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();

    act(() => answer.resolve({ body: other }));
    const otherSetup = await screen.findByRole('region', { name: 'Client Setup' });
    expect(within(otherSetup).getByText('Books Gift')).toBeInTheDocument();
    expect(screen.getByText('Books balance')).toBeInTheDocument();
  });

  it('client setup and site settings, "-" for empty values, Production from the location flag', async () => {
    openSummary();
    const setup = await screen.findByRole('region', { name: 'Client Setup' });
    expect(screen.getByText('step 6 of 6')).toBeInTheDocument();
    expect(rows(setup)).toEqual([
      'Scheme Name: Coffee Gift',
      'Scheme Type: Gift',
      'Program ID: 11',
      'Publish target: Production',
      `URL: ${window.location.origin}/mj/#!/coffee`,
    ]);
    expect(rows(screen.getByRole('region', { name: 'Site Settings' }))).toEqual([
      'Site Title: Coffee balance',
      'Site Keywords: -',
      'Site Description: Check your card',
      'Google Analytics Tracking Code: -',
      "Client's Website Address: -",
    ]);
  });

  it('Test when the location flag is 0; the URL uses the configured site host', async () => {
    journal.profiles[0]!.location = 0;
    renderApp({
      route: withId(paths.mj.wizard.summary, 1),
      preloadedState: {
        config: { ...DEFAULT_RUNTIME_CONFIG, testSiteHost: 'https://test-sites.example/' },
      },
    });
    const setup = await screen.findByRole('region', { name: 'Client Setup' });
    expect(rows(setup)).toContain('Publish target: Test');
    expect(rows(setup)).toContain('URL: https://test-sites.example/mj/#!/coffee');
  });

  it('pages, media, appearance and the details of enabled pages with a title or content', async () => {
    openSummary();
    const pages = await screen.findByRole('region', { name: 'Site Pages' });
    expect(
      within(pages)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Login', 'Locations', 'FAQ']);

    const media = screen.getByRole('region', { name: 'Media Files added' });
    expect(within(media).getByRole('img', { name: 'Logo' })).toHaveAttribute(
      'src',
      '/images/img-1.png',
    );
    expect(rows(media)).toEqual(['Logo: ', 'Header Logo: -', 'Favicon: -', 'Background: -']);

    const appearance = screen.getByRole('region', { name: 'Site Appearance' });
    const row = (name: string) =>
      within(within(appearance).getByRole('rowheader', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(row('Page Text p')).toEqual(['Open Sans', '18px', '#e6e6e6', 'transparent']);
    expect(row('Page Headlines h1')).toEqual(['Roboto', '30px', '#ffffff', 'transparent']);
    expect(within(appearance).getAllByRole('rowheader')).toHaveLength(7);

    // Login has a title; Locations title, nav item and content; FAQ has neither; Terms is off.
    expect(rows(screen.getByRole('region', { name: 'Login' }))).toEqual([
      'Title: Check your balance',
      'Content: -',
    ]);
    const locations = screen.getByRole('region', { name: 'Locations' });
    expect(rows(locations)).toEqual([
      'Title: Our Locations',
      'Navigation Item: Shops',
      'Content: Visit us',
    ]);
    expect(within(locations).getByText('us').tagName).toBe('B');
    expect(locations.querySelector('script')).toBeNull();
    expect(locations.querySelector('[onerror]')).toBeNull();
    expect(screen.queryByRole('region', { name: 'FAQ' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Terms and Conditions' })).not.toBeInTheDocument();
  });

  it('Export downloads "{program name}.json" with the profile and the pages, without their ids', async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:export';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      const { user } = openSummary();
      await user.click(await screen.findByRole('button', { name: 'Export' }));
      expect(names).toEqual(['Coffee Gift.json']);
      expect(blobs).toHaveLength(1);
      expect(blobs[0]!.type).toBe('application/json');
      expect(JSON.parse(await blobs[0]!.text())).toEqual({
        profile: PROFILE,
        pages: PAGES.map(({ pageTypeId, enabled, title, content, navItem }) => ({
          pageTypeId,
          enabled,
          title,
          content,
          navItem,
        })),
      });
      expect(journal.writes()).toEqual([]);
    } finally {
      click.mockRestore();
    }
  });

  it('Save saves the profile as it is and says "Your profile has been saved!"', async () => {
    const { user } = openSummary();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: JOURNAL_TEXT.savedTitle });
    expect(dialog).toHaveTextContent(JOURNAL_TEXT.saved);
    expect(journal.writes()).toEqual(['PUT /api/myjournal/profiles/1']);
    expect(journal.writeBody(0)).toEqual(PROFILE);
  });

  it('Publish publishes with its own answer, and is disabled once published', async () => {
    const { user } = openSummary();
    const publish = await screen.findByRole('button', { name: 'Publish' });
    expect(publish).toBeEnabled();
    await user.click(publish);
    const dialog = await screen.findByRole('dialog', {
      name: JOURNAL_TEXT.publishedFromSummaryTitle,
    });
    expect(dialog).toHaveTextContent(JOURNAL_TEXT.publishedFromSummary);
    expect(journal.writes()).toEqual([
      'POST /api/moduleCodes',
      'PUT /api/myjournal/profiles/1',
      'POST /api/myjournal/deployments',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled());
  });

  it('a failed deployment says "Error" / "Something went wrong", takes the flag back and leaves Publish to retry', async () => {
    failDeployments(server);
    const { user } = openSummary();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(JOURNAL_TEXT.publishFailed);
    expect(journal.writes()).toEqual(PUBLISH_TAKEN_BACK);
    // The flag and the location as they were; the module code created stays the profile's.
    expect(journal.profiles[0]).toMatchObject({
      isPublished: 0,
      location: 1,
      moduleCode: 'MJC_11CG1',
    });

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    const publish = screen.getByRole('button', { name: 'Publish' });
    expect(publish).toBeEnabled();
    // Available again once the failed publish has ended (unavailable while it runs).
    await waitFor(() => expect(publish).not.toHaveAttribute('aria-disabled'));
    server.on('POST /api/myjournal/deployments', (request) => ({
      status: 201,
      body: { deploymentId: 2, ...(request.body as object) },
    }));
    await user.click(publish);
    expect(
      await screen.findByRole('dialog', { name: JOURNAL_TEXT.publishedFromSummaryTitle }),
    ).toHaveTextContent(JOURNAL_TEXT.publishedFromSummary);
    expect(journal.profiles[0]).toMatchObject({ isPublished: 1, moduleCode: 'MJC_11CG1' });
    // The retry found the code the first attempt created: no second one.
    expect(server.calls('POST /api/moduleCodes')).toHaveLength(1);
  });

  it('a take-back refused as stale is not sent again: a publish made meanwhile stays', async () => {
    failGoLiveAfterOtherSave(server, JOURNAL_PUBLISH_CALLS, () => {
      journal.profiles[0] = {
        ...journal.profiles[0]!,
        isPublished: 1,
        keywords: 'saved meanwhile',
      };
    });
    const { user } = openSummary();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain(JOURNAL_TEXT.publishFailed);
    expect(journal.writes()).toEqual(PUBLISH_TAKEN_BACK);
    expect(journal.profiles[0]).toMatchObject({ isPublished: 1, keywords: 'saved meanwhile' });
    // Read again: published, so Publish is disabled.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled());
  });

  it('a take-back that fails leaves the profile published, and the summary shows it so', async () => {
    failGoLiveAndTakeBack(server, JOURNAL_PUBLISH_CALLS);
    const { user } = openSummary();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain(JOURNAL_TEXT.publishFailed);
    expect(journal.writes()).toEqual(PUBLISH_TAKEN_BACK);
    expect(journal.profiles[0]).toMatchObject({ isPublished: 1 });
    // Read again: published, so Publish is disabled, as on the dashboard's card.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled());
  });
});
