import { act, screen, waitFor, within } from '@testing-library/react';
import {
  JOURNAL_TEXT,
  SITE_URL_CHARACTERS_MESSAGE,
  type JournalExportFile,
} from '@contracts/api/journal';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import { defaultJournalStylesheet } from '@contracts/site/style-model';
import { paths, withId } from '@/config/paths';
import {
  IMPORT_FILE_TEXT,
  parseImportFile,
  toExportFile,
} from '@/features/my-journal/lib/config-file';
import { MISSING_IMAGES_TEXT } from '@/lib/sites/missing-images';
import { JSON_FILE_MAX_BYTES } from '@/lib/sites/read-json-file';
import { currentPath, renderApp, setTokenCookie } from '../../support/client-app';
import { installFakeFetch, serveImages, type FakeFetch } from '../../support/fake-fetch';
import {
  installJournalServer,
  makePage,
  makeProfile,
  type JournalFake,
} from './journal-fake-server';

let server: FakeFetch;
let journal: JournalFake;

const COFFEE = makeProfile({ profileId: 1, programId: 11, siteUrl: 'coffee', themeId: 2 });
const LOGIN_PAGE = makePage({ pageId: 1, profileId: 1, pageTypeId: 1, title: 'Old login' });

// The area loads lazily; loaded here once, so the first test's waits do not include compiling it.
beforeAll(() => import('@/features/my-journal/components/journal-area'));

beforeEach(() => {
  server = installFakeFetch();
  journal = installJournalServer(server, { profiles: [COFFEE], pages: [LOGIN_PAGE] });
  setTokenCookie();
});
afterEach(() => server.restore());

const openStep = (id?: number) => renderApp({ route: withId(paths.mj.wizard.setup, id) });
const save = () => screen.getByRole('button', { name: 'Save & Continue' });
const pressOk = async (user: ReturnType<typeof renderApp>['user'], title: string) => {
  const dialog = await screen.findByRole('dialog', { name: title });
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  return dialog;
};
const jsonFile = (content: unknown, name = 'site.json') =>
  new File([typeof content === 'string' ? content : JSON.stringify(content)], name, {
    type: 'application/json',
  });

describe('step 1, MyJournal Client Setup', () => {
  it('shows its fields, with Scheme Type fixed to Gift and the chosen program id', async () => {
    const { user } = openStep();
    expect(await screen.findByRole('heading', { name: 'MyJournal Client Setup' })).toBeVisible();
    expect(await screen.findByLabelText('Scheme Type')).toHaveValue('Gift');
    expect(screen.getByLabelText('Scheme Type')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Program ID')).toHaveValue('');
    await user.selectOptions(screen.getByLabelText('Scheme Name'), 'Books Gift');
    expect(screen.getByLabelText('Program ID')).toHaveValue('12');
    expect(screen.getByLabelText('Program ID')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Primary Language')).toHaveDisplayValue('English');
    expect(
      within(screen.getByLabelText('Primary Language'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['', 'English']);
    expect(within(screen.getByLabelText('Secondary Language')).getAllByRole('option')).toHaveLength(
      1,
    );
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Light' })).not.toBeChecked();
    expect(screen.getByLabelText('Import config')).toHaveAttribute('type', 'file');
  });

  it('a failed submit shows the field messages; nothing is sent', async () => {
    const { user } = openStep();
    await user.click(await screen.findByRole('button', { name: 'Save & Continue' }));
    expect(screen.getByLabelText('Scheme Name')).toHaveAccessibleDescription(
      FIELD_MESSAGES.required,
    );
    expect(screen.getByLabelText('URL')).toHaveAccessibleDescription(FIELD_MESSAGES.required);

    await user.type(screen.getByLabelText('URL'), 'abc');
    expect(screen.getByLabelText('URL')).toHaveAccessibleDescription(FIELD_MESSAGES.minlength);
    await user.type(screen.getByLabelText('URL'), 'd'.repeat(30));
    expect(screen.getByLabelText('URL')).toHaveAccessibleDescription(FIELD_MESSAGES.maxlength);
    await user.clear(screen.getByLabelText('URL'));
    await user.type(screen.getByLabelText('URL'), 'my site!');
    expect(screen.getByLabelText('URL')).toHaveAccessibleDescription(SITE_URL_CHARACTERS_MESSAGE);
    await user.click(save());
    expect(journal.writes()).toEqual([]);
  });

  it('creates the profile, says so, and goes to step 2 with its id', async () => {
    const { user } = openStep();
    await user.selectOptions(await screen.findByLabelText('Scheme Name'), 'Books Gift');
    await user.type(screen.getByLabelText('URL'), 'books');
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    await user.click(save());

    await pressOk(user, DIALOG_TEXT.successTitle).then((dialog) =>
      expect(dialog).toHaveTextContent(JOURNAL_TEXT.profileCreated),
    );
    expect(journal.writes()).toEqual(['POST /api/myjournal/profiles']);
    expect(journal.writeBody(0)).toEqual({
      programId: 12,
      siteUrl: 'books',
      themeId: 1,
      location: 0,
      expirationDateCount: 0,
      cssOverride: defaultJournalStylesheet(1),
    });
    expect(await screen.findByRole('heading', { name: 'MyJournal Site Settings' })).toBeVisible();
    expect(window.location.hash).toBe(`#${paths.mj.wizard.setting.path}?id=2`);
  });

  it("an existing profile: program locked; a new theme resets the old theme's stylesheet", async () => {
    // The dark default, not styled further: nothing is lost, so nothing is asked.
    journal.profiles[0]!.cssOverride = defaultJournalStylesheet(2);
    const { user } = openStep(1);
    await waitFor(() => expect(screen.getByLabelText('URL')).toHaveValue('coffee'));
    expect(screen.getByLabelText('Scheme Name')).toBeDisabled();
    expect(screen.getByLabelText('Scheme Name')).toHaveDisplayValue('Coffee Gift');
    expect(screen.getByLabelText('Program ID')).toHaveValue('11');

    await user.click(screen.getByRole('radio', { name: 'Light' }));
    await user.click(save());
    await pressOk(user, DIALOG_TEXT.successTitle).then((dialog) =>
      expect(dialog).toHaveTextContent(JOURNAL_TEXT.updateProfile),
    );
    expect(journal.writes()).toEqual(['PUT /api/myjournal/profiles/1']);
    expect(journal.writeBody(0)).toEqual({
      ...COFFEE,
      themeId: 1,
      cssOverride: defaultJournalStylesheet(1),
    });
    await waitFor(() => expect(currentPath()).toBe(paths.mj.wizard.setting.path));
  });

  it('Scheme Name lists only gift programs', async () => {
    openStep();
    const schemes = await screen.findByLabelText('Scheme Name');
    const names = within(schemes)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toEqual(['', 'Coffee Gift', 'Books Gift']);
    expect(screen.getByLabelText('Scheme Type')).toHaveValue('Gift');
  });

  it("shows the server's refusal of the URL under the field", async () => {
    server.on('POST /api/myjournal/profiles', {
      status: 409,
      body: { errorCode: 12, errorMessage: 'siteUrl: books is already used' },
    });
    const { user } = openStep();
    await user.selectOptions(await screen.findByLabelText('Scheme Name'), 'Books Gift');
    await user.type(screen.getByLabelText('URL'), 'books');
    await user.click(save());
    await waitFor(() =>
      expect(screen.getByLabelText('URL')).toHaveAccessibleDescription('books is already used'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(currentPath()).toBe(paths.mj.wizard.setup.path);
  });

  it('other save failures show the server message in an error dialog', async () => {
    server.on('PUT /api/myjournal/profiles/1', {
      status: 500,
      body: { errorCode: 99, errorMessage: 'Internal error' },
    });
    const { user } = openStep(1);
    await waitFor(() => expect(screen.getByLabelText('URL')).toHaveValue('coffee'));
    await user.click(save());
    expect(await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle })).toHaveTextContent(
      'Internal error',
    );
  });

  it('opening the wizard without an id starts with an empty form', async () => {
    const { router } = openStep(1);
    await waitFor(() => expect(screen.getByLabelText('URL')).toHaveValue('coffee'));
    await act(() => router.navigate(paths.mj.wizard.setup.path));
    await waitFor(() => expect(screen.getByLabelText('URL')).toHaveValue(''));
    expect(screen.getByLabelText('Scheme Name')).toBeEnabled();
    expect(screen.getByLabelText('Scheme Name')).toHaveValue('');
  });
});

describe('step 1, Import config', () => {
  const exported: JournalExportFile = toExportFile(
    makeProfile({
      profileId: 9,
      programId: 21,
      siteUrl: 'fromfile',
      title: 'Imported title',
      keywords: 'gift, balance',
      description: 'Check your balance',
      googleAnalytics: 'UA-1',
      clientWebsite: 'https://shop.example',
      themeId: 1,
      expirationDateCount: 30,
      logo: 'img-1',
      headerImg: 'img-2',
      favIcon: null,
      backgroundImg: 'img-4',
      cssOverride: 'p { color: #123456; }',
      isPublished: 1,
      moduleCode: 'MJC_21FR9',
      moduleCodeId: 7,
      location: 1,
    }),
    [
      makePage({ pageId: 31, profileId: 9, pageTypeId: 1, title: 'Hello', content: '<p>Hi</p>' }),
      makePage({
        pageId: 32,
        profileId: 9,
        pageTypeId: 5,
        enabled: 0,
        title: 'Shops',
        navItem: 'Where',
      }),
    ],
  );
  const settingsOf = (file: JournalExportFile) => {
    const { title, keywords, description, googleAnalytics, clientWebsite, themeId } = file.profile;
    const { expirationDateCount, logo, headerImg, favIcon, backgroundImg, cssOverride } =
      file.profile;
    return {
      title,
      keywords,
      description,
      googleAnalytics,
      clientWebsite,
      themeId,
      expirationDateCount,
      logo,
      headerImg,
      favIcon,
      backgroundImg,
      cssOverride,
    };
  };

  beforeEach(() => serveImages(server, { stored: ['img-1', 'img-2', 'img-4'] }));

  it('is refused without a chosen program', async () => {
    const { user } = openStep();
    await user.upload(await screen.findByLabelText('Import config'), jsonFile(exported));
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.warningTitle });
    expect(dialog).toHaveTextContent(JOURNAL_TEXT.importNoProgram);
    expect(journal.writes()).toEqual([]);
  });

  it('while an import runs, the input reads unavailable, stays focusable and takes no other file', async () => {
    const { user } = openStep();
    const input = await screen.findByLabelText('Import config');
    // Without a program the import waits on its warning until it is closed.
    await user.upload(input, jsonFile(exported));
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.warningTitle });
    expect(input).toHaveAttribute('aria-disabled', 'true');
    expect(input).toBeEnabled();
    await user.upload(input, jsonFile(exported));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok }));
    await waitFor(() => expect(input).not.toHaveAttribute('aria-disabled'));
    expect(journal.writes()).toEqual([]);
  });

  it('a file that is not JSON, or not a configuration, fails with a clear message', async () => {
    const { user } = openStep();
    await user.selectOptions(await screen.findByLabelText('Scheme Name'), 'Books Gift');
    const importFile = async (content: unknown) => {
      const input = screen.getByLabelText('Import config');
      // The import before has ended: until then the input reads unavailable and takes no file.
      await waitFor(() => expect(input).not.toHaveAttribute('aria-disabled'));
      await user.upload(input, jsonFile(content));
    };
    await importFile('{ not json');
    const first = await pressOk(user, JOURNAL_TEXT.importFailedTitle);
    expect(first).toHaveTextContent('The file is not a valid JSON file.');

    await importFile({ profile: {} });
    const second = await pressOk(user, JOURNAL_TEXT.importFailedTitle);
    expect(second).toHaveTextContent('it needs a "profile" and a "pages" list');

    await importFile({ profile: { themeId: 'dark' }, pages: [] });
    expect(
      await screen.findByRole('dialog', { name: JOURNAL_TEXT.importFailedTitle }),
    ).toHaveTextContent('"themeId" must be a whole number');
    expect(journal.writes()).toEqual([]);
  });

  it("a new profile gets the file's settings and pages, one call after another", async () => {
    const { user } = openStep();
    await user.selectOptions(await screen.findByLabelText('Scheme Name'), 'Books Gift');
    await user.upload(screen.getByLabelText('Import config'), jsonFile(exported));

    await pressOk(user, DIALOG_TEXT.successTitle).then((dialog) =>
      expect(dialog).toHaveTextContent(JOURNAL_TEXT.importSuccess),
    );
    expect(journal.writes()).toEqual([
      'POST /api/myjournal/profiles',
      'POST /api/myjournal/pages',
      'POST /api/myjournal/pages',
    ]);
    // The chosen program, not the file's; the file's URL as the form had none.
    expect(journal.writeBody(0)).toEqual({
      ...settingsOf(exported),
      programId: 12,
      siteUrl: 'fromfile',
      location: 0,
    });
    // An exported file imported back gives an equal site: same settings, same pages.
    const created = journal.profiles.find((p) => p.siteUrl === 'fromfile')!;
    expect(settingsOf({ profile: created, pages: [] })).toEqual(settingsOf(exported));
    expect(
      toExportFile(
        created,
        journal.pages.filter((p) => p.profileId === created.profileId),
      ).pages,
    ).toEqual(exported.pages);
    expect(await screen.findByRole('heading', { name: 'MyJournal Site Settings' })).toBeVisible();
    expect(window.location.hash).toBe(`#${paths.mj.wizard.setting.path}?id=${created.profileId}`);
  });

  it("the profile being edited is updated: the form's URL wins, its pages are updated or added", async () => {
    const { user } = openStep(1);
    await waitFor(() => expect(screen.getByLabelText('URL')).toHaveValue('coffee'));
    await user.upload(screen.getByLabelText('Import config'), jsonFile(exported));
    await pressOk(user, DIALOG_TEXT.successTitle);

    expect(journal.writes()).toEqual([
      'PUT /api/myjournal/profiles/1',
      'PUT /api/myjournal/pages/1',
      'POST /api/myjournal/pages',
    ]);
    expect(journal.writeBody(0)).toEqual({ ...COFFEE, ...settingsOf(exported), siteUrl: 'coffee' });
    expect(journal.writeBody(1)).toEqual({
      ...LOGIN_PAGE,
      enabled: 1,
      title: 'Hello',
      content: '<p>Hi</p>',
      navItem: null,
    });
    expect(journal.writeBody(2)).toEqual({ ...exported.pages[1], profileId: 1 });
  });

  it('leaves an image the server no longer has empty, names it, and saves the rest', async () => {
    serveImages(server, { gone: ['gone-2'] });
    const file = { ...exported, profile: { ...exported.profile, headerImg: 'gone-2' } };
    const { user } = openStep(1);
    await waitFor(() => expect(screen.getByLabelText('URL')).toHaveValue('coffee'));
    await user.upload(screen.getByLabelText('Import config'), jsonFile(file));

    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(dialog).toHaveTextContent(JOURNAL_TEXT.importSuccess);
    expect(
      within(dialog).getByText(MISSING_IMAGES_TEXT.leftEmpty(['Header logo image'])),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(server.calls('HEAD /images/img-1.png')).toHaveLength(1);
    expect(server.calls('HEAD /images/gone-2.png')).toHaveLength(1);
    expect(journal.writes()).toEqual([
      'PUT /api/myjournal/profiles/1',
      'PUT /api/myjournal/pages/1',
      'POST /api/myjournal/pages',
    ]);
    // The stored images stay, the missing one is empty; no write names it.
    expect(journal.writeBody(0)).toEqual({
      ...COFFEE,
      ...settingsOf(exported),
      headerImg: null,
      siteUrl: 'coffee',
    });
    expect(JSON.stringify(server.requests.map((request) => request.body))).not.toContain('gone-2');
    expect(await screen.findByRole('heading', { name: 'MyJournal Site Settings' })).toBeVisible();
  });

  it("keeps the site's current image where the file's is gone, and says so", async () => {
    journal = installJournalServer(server, {
      profiles: [{ ...COFFEE, headerImg: 'now-5', logo: 'now-6' }],
      pages: [LOGIN_PAGE],
    });
    serveImages(server, { gone: ['gone-2'] });
    const file = { ...exported, profile: { ...exported.profile, headerImg: 'gone-2' } };
    const { user } = openStep(1);
    await waitFor(() => expect(screen.getByLabelText('URL')).toHaveValue('coffee'));
    await user.upload(screen.getByLabelText('Import config'), jsonFile(file));

    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(
      within(dialog).getByText(MISSING_IMAGES_TEXT.keptCurrent(['Header logo image'])),
    ).toBeVisible();
    expect(dialog).not.toHaveTextContent('left empty');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    // The current header image stays; the file's stored logo replaces the current one.
    expect(journal.writeBody(0)).toEqual({
      ...COFFEE,
      ...settingsOf(exported),
      headerImg: 'now-5',
      siteUrl: 'coffee',
    });
    expect(server.calls('HEAD /images/now-5.png')).toHaveLength(0);
    expect(JSON.stringify(server.requests.map((request) => request.body))).not.toContain('gone-2');
  });

  it('an import whose images are all stored shows no notice', async () => {
    const { user } = openStep(1);
    await waitFor(() => expect(screen.getByLabelText('URL')).toHaveValue('coffee'));
    await user.upload(screen.getByLabelText('Import config'), jsonFile(exported));
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(dialog).not.toHaveTextContent('left empty');
  });

  it("a refused import shows 'Failed' with the server's message", async () => {
    server.on('POST /api/myjournal/pages', {
      status: 400,
      body: { errorCode: 1, errorMessage: 'pageTypeId: Page type 5 does not exist' },
    });
    const { user } = openStep(1);
    await waitFor(() => expect(screen.getByLabelText('URL')).toHaveValue('coffee'));
    await user.upload(screen.getByLabelText('Import config'), jsonFile(exported));
    const dialog = await screen.findByRole('dialog', { name: JOURNAL_TEXT.importFailedTitle });
    expect(dialog).toHaveTextContent('pageTypeId: Page type 5 does not exist');
    expect(screen.queryByText(DIALOG_TEXT.processing)).not.toBeInTheDocument();
    expect(currentPath()).toBe(paths.mj.wizard.setup.path);
  });

  describe('a file of as many pages as the largest file read holds', () => {
    const PAGE_COUNT = 200_000;
    /** Page types 1 to PAGE_COUNT, each once, then `repeats` (the type alone: as small as can be). */
    const manyPages = (...repeats: number[]) => [
      ...Array.from({ length: PAGE_COUNT }, (_, i) => ({ pageTypeId: i + 1 })),
      ...repeats.map((pageTypeId) => ({ pageTypeId })),
    ];

    it('fails naming the first page that repeats a type; nothing is sent', async () => {
      const { user } = openStep();
      await user.selectOptions(await screen.findByLabelText('Scheme Name'), 'Books Gift');
      const file = jsonFile({ profile: exported.profile, pages: manyPages(7, 3) });
      expect(file.size).toBeLessThanOrEqual(JSON_FILE_MAX_BYTES);
      await user.upload(screen.getByLabelText('Import config'), file);
      const dialog = await screen.findByRole('dialog', { name: JOURNAL_TEXT.importFailedTitle });
      expect(dialog).toHaveTextContent(IMPORT_FILE_TEXT.repeatedPage(PAGE_COUNT + 1, 7));
      expect(journal.writes()).toEqual([]);
    });

    it('reads every page when no type repeats', () => {
      const config = parseImportFile({ profile: exported.profile, pages: manyPages() });
      expect(config.pages).toHaveLength(PAGE_COUNT);
      expect(config.pages.at(-1)).toMatchObject({ pageTypeId: PAGE_COUNT, enabled: 0 });
    });
  });
});
