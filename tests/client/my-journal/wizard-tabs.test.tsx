import { act, screen, waitFor, within } from '@testing-library/react';
import type { JournalPage } from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { paths, withId } from '@/config/paths';
import { journalApi } from '@/features/my-journal/api/journal-api';
import {
  EDITOR_TABS,
  isEditorTabEnabled,
  nextEditorPath,
} from '@/features/my-journal/hooks/use-editor-flow';
import { currentPath, renderApp, setTokenCookie } from '../../support/client-app';
import { installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import { installJournalServer, makePage, makeProfile } from './journal-fake-server';

let server: FakeFetch;
const editor = paths.mj.wizard.editor;

const page = (pageId: number, pageTypeId: number, enabled: 0 | 1 = 1) =>
  makePage({ pageId, profileId: 1, pageTypeId, enabled });

function setup(pages: JournalPage[]) {
  server = installFakeFetch();
  installJournalServer(server, { profiles: [makeProfile({ profileId: 1 })], pages });
  setTokenCookie();
}
afterEach(() => server?.restore());

const editorTabs = () => screen.findByRole('navigation', { name: 'Site editor sections' });
const enabledTabs = (nav: HTMLElement) =>
  within(nav)
    .queryAllByRole('link')
    .map((link) => link.textContent);

describe('Site Editor sub-tabs', () => {
  it('lists the seven editors; page tabs open only for enabled pages', async () => {
    // Locations disabled, T&Cs missing, FAQ and Privacy Policy enabled.
    setup([page(1, 1), page(2, 5, 0), page(3, 10), page(4, 11)]);
    renderApp({ route: withId(editor.font, 1) });
    const nav = await editorTabs();
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Appearance',
      'Login Page',
      'Locations Page',
      'T&Cs Page',
      'FAQ',
      'Privacy Policy Page',
      'Edit CSS',
    ]);
    await waitFor(() =>
      expect(enabledTabs(nav)).toEqual([
        'Appearance',
        'Login Page',
        'FAQ',
        'Privacy Policy Page',
        'Edit CSS',
      ]),
    );
    expect(within(nav).getByText('Locations Page')).toHaveAttribute('aria-disabled', 'true');
    expect(within(nav).getByText('T&Cs Page')).toHaveAttribute('aria-disabled', 'true');
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAttribute(
      'href',
      `#${editor.faq.path}?id=1`,
    );
  });

  it('the route selects the tab, also when opened directly (a refresh)', async () => {
    setup([page(1, 1), page(3, 10)]);
    renderApp({ route: withId(editor.faq, 1) });
    const nav = await editorTabs();
    expect(within(nav).getByText('FAQ')).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByText('Appearance')).not.toHaveAttribute('aria-current');
    expect(await screen.findByRole('heading', { name: 'FAQ', level: 3 })).toBeVisible();
    expect(screen.getByText('step 4 of 6')).toBeInTheDocument();
  });

  it('Next after a save is the next enabled tab: Login → FAQ when Locations and T&Cs are off', async () => {
    setup([page(1, 1), page(2, 5, 0), page(3, 10)]);
    const { user } = renderApp({ route: withId(editor.login, 1) });
    await screen.findByRole('textbox', { name: 'Content' });
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    await user.click(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok }));
    await waitFor(() => expect(currentPath()).toBe(editor.faq.path));
    expect(window.location.hash).toBe(`#${editor.faq.path}?id=1`);
    const nav = await editorTabs();
    // The hash changes before the router renders the new route: wait for the tab to follow.
    await waitFor(() =>
      expect(within(nav).getByText('FAQ')).toHaveAttribute('aria-current', 'page'),
    );
  });

  it('a tab follows a page switched on in Site Pages', async () => {
    setup([page(1, 1), page(3, 10, 0)]);
    const { store } = renderApp({ route: withId(editor.font, 1) });
    const nav = await editorTabs();
    await waitFor(() => expect(enabledTabs(nav)).toEqual(['Appearance', 'Login Page', 'Edit CSS']));
    server.on('GET /api/myjournal/profiles/1/pages', {
      body: { _embedded: { pages: [page(1, 1), page(3, 10)] }, page: {} },
    });
    // What saving Site Pages does to the cached pages.
    act(() => {
      store.dispatch(journalApi.util.invalidateTags([{ type: 'JournalPage', id: 'LIST-1' }]));
    });
    await waitFor(() =>
      expect(enabledTabs(nav)).toEqual(['Appearance', 'Login Page', 'FAQ', 'Edit CSS']),
    );
  });
});

describe('editor flow rules', () => {
  const pages = [page(1, 1), page(2, 5, 0), page(3, 14), page(4, 11)];
  const tab = (label: string) => EDITOR_TABS.find((t) => t.label === label)!;

  it('without an id no tab opens', () => {
    for (const each of EDITOR_TABS) expect(isEditorTabEnabled(each, null, pages)).toBe(false);
  });

  it('with an id: Appearance, Login and CSS always; page tabs by their page', () => {
    expect(EDITOR_TABS.filter((t) => isEditorTabEnabled(t, 1, [])).map((t) => t.label)).toEqual([
      'Appearance',
      'Login Page',
      'Edit CSS',
    ]);
    expect(isEditorTabEnabled(tab('Locations Page'), 1, pages)).toBe(false);
    expect(isEditorTabEnabled(tab('T&Cs Page'), 1, pages)).toBe(true);
    expect(isEditorTabEnabled(tab('FAQ'), 1, pages)).toBe(false);
    expect(isEditorTabEnabled(tab('Privacy Policy Page'), 1, pages)).toBe(true);
  });

  it('the flow: appearance → login → enabled pages in order → privacy policy → CSS → summary', () => {
    const walk: string[] = [];
    let at = editor.font.path as string;
    while (at !== paths.mj.wizard.summary.path) {
      at = nextEditorPath(at, 1, pages);
      walk.push(at);
    }
    expect(walk).toEqual([
      editor.login.path,
      editor.terms.path,
      editor.policy.path,
      editor.css.path,
      paths.mj.wizard.summary.path,
    ]);
  });
});
