import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { JOURNAL_LIMITS, JOURNAL_TEXT } from '@contracts/api/journal';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import { defaultJournalStylesheet } from '@contracts/site/style-model';
import { SITE_PREVIEW_TEXT } from '@/components/site-builder/site-preview';
import { paths, withId } from '@/config/paths';
import { journalApi } from '@/features/my-journal/api/journal-api';
import { currentPath, renderApp, setTokenCookie } from '../../support/client-app';
import { deferred, installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import { readAnswer } from '../../support/record-etags';
import {
  installJournalServer,
  makePage,
  makeProfile,
  type JournalFake,
} from './journal-fake-server';

let server: FakeFetch;
let journal: JournalFake;
const CSS = defaultJournalStylesheet(2);
const PROFILE = makeProfile({ profileId: 1, cssOverride: CSS });

beforeEach(() => {
  server = installFakeFetch();
  journal = installJournalServer(server, {
    profiles: [PROFILE],
    pages: [makePage({ pageId: 1, profileId: 1, pageTypeId: 1 })],
  });
  setTokenCookie();
});
afterEach(() => server.restore());

/** The image of the live preview whose address holds `id`, if it shows one. */
const previewImage = (id: string) =>
  new DOMParser()
    .parseFromString(
      screen.getByTitle(SITE_PREVIEW_TEXT.frameTitle).getAttribute('srcdoc') ?? '',
      'text/html',
    )
    .querySelector(`img[src*="${id}"]`);

async function openCss() {
  const view = renderApp({ route: withId(paths.mj.wizard.editor.css, 1) });
  expect(await screen.findByRole('heading', { name: 'Edit CSS', level: 3 })).toBeVisible();
  const area = await screen.findByRole('textbox', { name: 'CSS override' });
  return { ...view, area };
}

describe('Edit CSS', () => {
  it('holds the whole stylesheet; saving it says so and opens the summary', async () => {
    const { user, area } = await openCss();
    expect(area).toHaveValue(CSS);
    expect(area.tagName).toBe('TEXTAREA');
    await user.type(area, '.extra {{ color: red; }', { initialSelectionStart: CSS.length });
    // The journal's editor does not close braces by itself (only the merchant's does).
    expect(area).toHaveValue(`${CSS}.extra { color: red; }`);
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));

    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(dialog).toHaveTextContent(JOURNAL_TEXT.cssUpdated);
    expect(journal.writes()).toEqual(['PUT /api/myjournal/profiles/1']);
    expect(journal.writeBody(0)).toEqual({
      ...PROFILE,
      cssOverride: `${CSS}.extra { color: red; }`,
    });
    await user.click(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok }));
    await waitFor(() => expect(currentPath()).toBe(paths.mj.wizard.summary.path));
    expect(window.location.hash).toBe(`#${paths.mj.wizard.summary.path}?id=1`);
  });

  it('an emptied stylesheet is saved as none', async () => {
    const { user, area } = await openCss();
    await user.clear(area);
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(journal.writeBody(0)).toEqual({ ...PROFILE, cssOverride: null });
  });

  it('refuses a stylesheet over the server limit', async () => {
    journal.profiles[0]!.cssOverride = 'a'.repeat(JOURNAL_LIMITS.cssOverride + 1);
    const { user, area } = await openCss();
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(area).toHaveAccessibleDescription(FIELD_MESSAGES.maxlength);
    expect(journal.writes()).toEqual([]);
  });

  it("a save after another operator's refuses as stale, keeps the typing and saves both next", async () => {
    const { user, area, store } = await openCss();
    await user.type(area, '.extra {{ color: red; }', { initialSelectionStart: CSS.length });
    // Operator B saves a new logo meanwhile.
    journal.profiles[0]!.logo = 'b'.repeat(32);
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));

    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(ERROR_MESSAGE.staleRecord);
    expect(dialog).toHaveTextContent(DIALOG_TEXT.staleRecordReloaded);
    expect(journal.profiles[0]).toEqual({ ...PROFILE, logo: 'b'.repeat(32) });
    await user.click(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok }));
    expect(area).toHaveValue(`${CSS}.extra { color: red; }`);

    // The profile was read again: the next save keeps B's logo and A's stylesheet.
    // Joins the read again the refusal started (or answers it when done).
    const reread = await act(() =>
      store
        .dispatch(journalApi.endpoints.journalProfile.initiate(1, { subscribe: false }))
        .unwrap(),
    );
    expect(reread.logo).toBe('b'.repeat(32));
    // On the screen: the preview shows B's logo.
    await waitFor(() => expect(previewImage('b'.repeat(32))).not.toBeNull());
    const save = screen.getByRole('button', { name: 'Save & Continue' });
    // The refused save has ended: until then the button reads unavailable and does nothing.
    await waitFor(() => expect(save).not.toHaveAttribute('aria-disabled'));
    await user.click(save);
    await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(journal.profiles[0]).toEqual({
      ...PROFILE,
      logo: 'b'.repeat(32),
      cssOverride: `${CSS}.extra { color: red; }`,
    });
  });

  it('a save clicked as soon as the profile read again has come in goes with that profile', async () => {
    const { user, area, store } = await openCss();
    await user.type(area, '.extra {{ color: red; }', { initialSelectionStart: CSS.length });
    // Operator B saves a new logo meanwhile; the read again after A's refusal is held.
    journal.profiles[0]!.logo = 'b'.repeat(32);
    const readAgain = deferred<undefined>();
    server.on('GET /api/myjournal/profiles/1', async () => {
      await readAgain.promise;
      return readAnswer(journal.profiles[0]);
    });
    const save = screen.getByRole('button', { name: 'Save & Continue' });
    await user.click(save);
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    await user.click(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok }));
    await waitFor(() => expect(save).not.toHaveAttribute('aria-disabled'));

    // The profile read again comes in, and A saves at that very moment: the save sends the
    // record whose tag it carries, B's logo with it, never the one read before with B's tag.
    readAgain.resolve(undefined);
    await act(() =>
      store
        .dispatch(journalApi.endpoints.journalProfile.initiate(1, { subscribe: false }))
        .unwrap(),
    );
    fireEvent.click(save);
    await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(journal.writeBody(1)).toMatchObject({ logo: 'b'.repeat(32) });
    expect(journal.profiles[0]).toEqual({
      ...PROFILE,
      logo: 'b'.repeat(32),
      cssOverride: `${CSS}.extra { color: red; }`,
    });
  });
});
