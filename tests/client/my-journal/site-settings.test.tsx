import { act, screen, waitFor, within } from '@testing-library/react';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { JOURNAL_TEXT } from '@contracts/api/journal';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import { paths, withId } from '@/config/paths';
import { journalApi } from '@/features/my-journal/api/journal-api';
import { currentPath, renderApp, setTokenCookie } from '../../support/client-app';
import { installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import { installJournalServer, makeProfile, type JournalFake } from './journal-fake-server';

let server: FakeFetch;
let journal: JournalFake;

const COFFEE = makeProfile({
  profileId: 1,
  title: null,
  description: null,
  expirationDateCount: 0,
});

// The area loads lazily; loaded here once, so the first test's waits do not include compiling it.
beforeAll(() => import('@/features/my-journal/components/journal-area'));

beforeEach(() => {
  server = installFakeFetch();
  journal = installJournalServer(server, { profiles: [COFFEE] });
  setTokenCookie();
});
afterEach(() => server.restore());

const openStep = () => renderApp({ route: withId(paths.mj.wizard.setting, 1) });
const save = () => screen.getByRole('button', { name: 'Save & Continue' });

describe('step 2, MyJournal Site Settings', () => {
  it("a save after another operator's refuses as stale, shows their change and keeps the typing", async () => {
    const { user, store } = openStep();
    await user.type(await screen.findByLabelText('Site Title'), 'Coffee cards');
    await user.type(screen.getByLabelText('Site Description'), 'Mine');
    // Operator B saves a description, keywords and a logo meanwhile.
    Object.assign(journal.profiles[0]!, {
      description: 'Theirs',
      keywords: 'their keywords',
      logo: 'b'.repeat(32),
    });
    await user.click(save());

    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(
      `${ERROR_MESSAGE.staleRecord} ${DIALOG_TEXT.staleRecordReloaded}`,
    );
    await user.click(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok }));
    expect(journal.profiles[0]).toMatchObject({ title: null, description: 'Theirs' });

    // Saved again once the profile is read again: A's typing kept over B's save, B's logo kept.
    const reread = await act(() =>
      store
        .dispatch(journalApi.endpoints.journalProfile.initiate(1, { subscribe: false }))
        .unwrap(),
    );
    expect(reread.description).toBe('Theirs');
    // On the screen: B's keywords, which A left alone, show; A's typing stays.
    await waitFor(() =>
      expect(screen.getByLabelText('Site Keywords')).toHaveValue('their keywords'),
    );
    expect(screen.getByLabelText('Site Title')).toHaveValue('Coffee cards');
    expect(screen.getByLabelText('Site Description')).toHaveValue('Mine');
    // The refused save has ended: until then the button reads unavailable and does nothing.
    await waitFor(() => expect(save()).not.toHaveAttribute('aria-disabled'));
    await user.click(save());
    await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(journal.profiles[0]).toMatchObject({
      title: 'Coffee cards',
      description: 'Mine',
      keywords: 'their keywords',
      logo: 'b'.repeat(32),
    });
  });

  it('saves only when valid: title required, 2 to 100 characters; description required', async () => {
    const { user } = openStep();
    expect(await screen.findByRole('heading', { name: 'MyJournal Site Settings' })).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Save & Continue' }));
    expect(screen.getByLabelText('Site Title')).toHaveAccessibleDescription(
      FIELD_MESSAGES.required,
    );
    expect(screen.getByLabelText('Site Description')).toHaveAccessibleDescription(
      FIELD_MESSAGES.required,
    );
    expect(screen.getByLabelText('Site Keywords')).not.toHaveAccessibleDescription();

    await user.type(screen.getByLabelText('Site Title'), 'A');
    expect(screen.getByLabelText('Site Title')).toHaveAccessibleDescription(
      FIELD_MESSAGES.minlength,
    );
    await user.type(screen.getByLabelText('Site Title'), 'b'.repeat(100));
    expect(screen.getByLabelText('Site Title')).toHaveAccessibleDescription(
      FIELD_MESSAGES.maxlength,
    );
    await user.type(screen.getByLabelText('Site Description'), 'About');
    await user.click(save());
    expect(journal.writes()).toEqual([]);
  });

  it('updates the profile, says "Changed profile successfully", then goes to step 3', async () => {
    const { user } = openStep();
    const title = await screen.findByLabelText('Site Title');
    await user.type(title, 'Coffee balance');
    await user.type(screen.getByLabelText('Site Keywords'), 'coffee, gift');
    await user.type(screen.getByLabelText('Site Description'), 'Check your coffee card');
    await user.type(screen.getByLabelText('Google Analytics Tracking Code'), 'UA-12345');
    await user.type(screen.getByLabelText("Client's Website Address"), 'https://coffee.example');
    const expiration = screen.getByLabelText('Expiration Date Count');
    expect(
      within(expiration)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      '',
      'No count',
      'one week',
      'two weeks',
      'three weeks',
      'one month',
      'two months',
      'three months',
      'six months',
    ]);
    expect(expiration).toHaveDisplayValue('No count');
    await user.selectOptions(expiration, 'two weeks');
    await user.click(save());

    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(dialog).toHaveTextContent(JOURNAL_TEXT.changedProfile);
    expect(journal.writes()).toEqual(['PUT /api/myjournal/profiles/1']);
    expect(journal.writeBody(0)).toEqual({
      ...COFFEE,
      title: 'Coffee balance',
      keywords: 'coffee, gift',
      description: 'Check your coffee card',
      googleAnalytics: 'UA-12345',
      clientWebsite: 'https://coffee.example',
      expirationDateCount: 14,
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath()).toBe(paths.mj.wizard.page.path));
    expect(window.location.hash).toBe(`#${paths.mj.wizard.page.path}?id=1`);
  });

  it("checks the client's website address as a URL", async () => {
    const { user } = openStep();
    const website = await screen.findByLabelText("Client's Website Address");
    await user.type(website, 'coffee shop');
    expect(website).toHaveAccessibleDescription(FIELD_MESSAGES.url);
    await user.type(screen.getByLabelText('Site Title'), 'Coffee');
    await user.type(screen.getByLabelText('Site Description'), 'About');
    await user.click(save());
    expect(journal.writes()).toEqual([]);

    await user.clear(website);
    await user.type(website, 'https://coffee.example/shop');
    expect(website).not.toHaveAccessibleDescription();
    await user.click(save());
    await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(journal.writeBody(0)).toMatchObject({ clientWebsite: 'https://coffee.example/shop' });
  });

  it('starts from the stored values', async () => {
    journal.profiles[0] = {
      ...COFFEE,
      title: 'Stored',
      description: 'Stored text',
      expirationDateCount: 90,
    };
    openStep();
    await waitFor(() => expect(screen.getByLabelText('Site Title')).toHaveValue('Stored'));
    expect(screen.getByLabelText('Site Description')).toHaveValue('Stored text');
    expect(screen.getByLabelText('Expiration Date Count')).toHaveDisplayValue('three months');
  });

  it('without an id the wizard starts at step 1', async () => {
    renderApp({ route: paths.mj.wizard.setting.path });
    await waitFor(() => expect(currentPath()).toBe(paths.mj.wizard.setup.path));
  });
});
