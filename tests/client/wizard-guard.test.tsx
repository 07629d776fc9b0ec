import { screen, waitFor, within } from '@testing-library/react';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import { UNSAVED_CHANGES_TEXT } from '@/components/wizard/unsaved-changes';
import { paths, withId } from '@/config/paths';
import { LAYOUT_TEXT } from '@/config/texts';
import { DASHBOARD_TEXT } from '@/features/my-journal/lib/journal-texts';
import { currentPath, renderApp, setTokenCookie, typeAddress } from '../support/client-app';
import { installFakeFetch, type FakeFetch } from '../support/fake-fetch';
import {
  installJournalServer,
  makeProfile,
  type JournalFake,
} from './my-journal/journal-fake-server';

/**
 * The wizard frame, for every step: leaving a step with unsaved changes asks first,
 * a step change focuses the step's heading, and a save that fails validation focuses the first
 * field in error. Shown on the journal's steps (the merchant and scheme wizards share the frame).
 */

let server: FakeFetch;
let journal: JournalFake;

const PROFILE = makeProfile({ profileId: 1, title: 'Coffee balance', description: 'About' });

// The area loads lazily; loaded here once, so the first test's waits do not include compiling it.
beforeAll(() => import('@/features/my-journal/components/journal-area'));

beforeEach(() => {
  server = installFakeFetch();
  journal = installJournalServer(server, { profiles: [PROFILE] });
  setTokenCookie();
});
afterEach(() => server.restore());

const stepTab = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Wizard steps' })).getByRole('link', { name });
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

describe('leaving a step with unsaved changes', () => {
  it('asks on a tab: Stay keeps the step and what was typed, Leave goes', async () => {
    const { user } = renderApp({ route: withId(paths.mj.wizard.setting, 1) });
    const title = await screen.findByLabelText('Site Title');
    await user.type(title, ' shop');

    await user.click(stepTab('Site Pages'));
    const dialog = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
    expect(dialog).toHaveAccessibleDescription(UNSAVED_CHANGES_TEXT.message);
    await user.click(within(dialog).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe(paths.mj.wizard.setting.path);
    expect(screen.getByLabelText('Site Title')).toHaveValue('Coffee balance shop');

    await user.click(stepTab('Site Pages'));
    await user.click(await screen.findByRole('button', { name: UNSAVED_CHANGES_TEXT.leave }));
    await waitFor(() => expect(currentPath()).toBe(paths.mj.wizard.page.path));
    expect(journal.writes()).toEqual([]);
  });

  it('asks on the sidebar too; nothing is asked without changes', async () => {
    const { user } = renderApp({ route: withId(paths.mj.wizard.setting, 1) });
    await screen.findByLabelText('Site Title');
    await user.click(stepTab('Site Pages'));
    // On the next step: its heading shows (the tabs clicked next are that step's).
    await stepHeading('Site Pages');
    expect(currentPath()).toBe(paths.mj.wizard.page.path);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(stepTab('Site Setting'));
    await user.type(await screen.findByLabelText('Site Keywords'), 'coffee');
    const sidebar = screen.getByRole('navigation', { name: LAYOUT_TEXT.mainMenu });
    await user.click(within(sidebar).getByRole('link', { name: LAYOUT_TEXT.myJournal }));
    await user.click(await screen.findByRole('button', { name: UNSAVED_CHANGES_TEXT.leave }));
    await waitFor(() => expect(currentPath()).toBe(paths.mj.dashboard.path));
  });

  it("asks when another screen's address is typed or opened from a bookmark", async () => {
    const { user } = renderApp({ route: withId(paths.mj.wizard.setting, 1) });
    await user.type(await screen.findByLabelText('Site Title'), ' shop');

    typeAddress(paths.mj.dashboard.path);
    const dialog = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
    expect(dialog).toHaveAccessibleDescription(UNSAVED_CHANGES_TEXT.message);
    // The step's address is back at once, and Stay keeps the step and what was typed.
    expect(window.location.hash).toBe(`#${withId(paths.mj.wizard.setting, 1)}`);
    await user.click(within(dialog).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe(paths.mj.wizard.setting.path);
    expect(screen.getByLabelText('Site Title')).toHaveValue('Coffee balance shop');

    typeAddress(paths.mj.dashboard.path);
    await user.click(await screen.findByRole('button', { name: UNSAVED_CHANGES_TEXT.leave }));
    expect(await screen.findByRole('heading', { name: DASHBOARD_TEXT.title })).toBeVisible();
    expect(currentPath()).toBe(paths.mj.dashboard.path);
    expect(journal.writes()).toEqual([]);
  });

  it('a typed address moves without a question when nothing is unsaved', async () => {
    renderApp({ route: withId(paths.mj.wizard.setting, 1) });
    await screen.findByLabelText('Site Title');
    typeAddress(paths.mj.dashboard.path);
    expect(await screen.findByRole('heading', { name: DASHBOARD_TEXT.title })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not ask when the save itself moves on', async () => {
    const { user } = renderApp({ route: withId(paths.mj.wizard.setting, 1) });
    await user.type(await screen.findByLabelText('Site Keywords'), 'coffee');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    const success = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    await user.click(within(success).getByRole('button', { name: DIALOG_TEXT.ok }));
    await waitFor(() => expect(currentPath()).toBe(paths.mj.wizard.page.path));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before the page is closed or reloaded (beforeunload)', async () => {
    const { user } = renderApp({ route: withId(paths.mj.wizard.setting, 1) });
    const keywords = await screen.findByLabelText('Site Keywords');
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(keywords, 'coffee');
    expect(unload()).toBe(true);
  });
});

describe('focus in the wizard', () => {
  it('a step change focuses the new step heading', async () => {
    const { user } = renderApp({ route: withId(paths.mj.wizard.setting, 1) });
    await screen.findByLabelText('Site Title');
    await user.click(stepTab('Site Pages'));
    const heading = await stepHeading('Site Pages');
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('a save with errors focuses the first field in error', async () => {
    const { user } = renderApp({ route: withId(paths.mj.wizard.setting, 1) });
    const title = await screen.findByLabelText('Site Title');
    await user.clear(screen.getByLabelText('Site Description'));
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await waitFor(() => expect(title).toHaveFocus());
    expect(title).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    expect(journal.writes()).toEqual([]);
  });
});
