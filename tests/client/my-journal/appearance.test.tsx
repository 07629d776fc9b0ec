import { screen, waitFor, within } from '@testing-library/react';
import { UNKNOWN_IMAGE } from '@contracts/api/constants';
import { JOURNAL_LIMITS, JOURNAL_TEXT, type JournalProfile } from '@contracts/api/journal';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import { STYLE_ITEMS, defaultJournalStylesheet } from '@contracts/site/style-model';
import { readAppearance } from '@contracts/site/stylesheet';
import { paths, withId } from '@/config/paths';
import { SAVE_FAILURE_TEXT } from '@/lib/api/save-failures';
import { currentPath, renderApp, setTokenCookie } from '../../support/client-app';
import { installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import {
  installJournalServer,
  makePage,
  makeProfile,
  type JournalFake,
} from './journal-fake-server';

let server: FakeFetch;
let journal: JournalFake;

const EXTRA = '/* keep me */\n.custom { margin: 0; }\n';
const PROFILE = makeProfile({
  profileId: 1,
  themeId: 1,
  cssOverride: `${defaultJournalStylesheet(1)}${EXTRA}`,
});

beforeEach(() => {
  server = installFakeFetch();
  journal = installJournalServer(server, {
    profiles: [PROFILE],
    pages: [makePage({ pageId: 1, profileId: 1, pageTypeId: 1 })],
  });
  setTokenCookie();
});
afterEach(() => server.restore());

async function openAppearance() {
  const view = renderApp({ route: withId(paths.mj.wizard.editor.font, 1) });
  expect(await screen.findByRole('heading', { name: 'Appearance', level: 3 })).toBeVisible();
  await screen.findByRole('button', { name: 'Save & Continue' });
  return view;
}
const group = (name: string) => screen.getByRole('group', { name });
const inGroup = (name: string, label: string) => within(group(name)).getByLabelText(label);
const save = () => screen.getByRole('button', { name: 'Save & Continue' });

describe('Appearance editor', () => {
  it('shows the page colours, header height and the seven items from the stylesheet', async () => {
    await openAppearance();
    expect(inGroup('Page', 'Header background')).toHaveValue('#ffffff');
    expect(inGroup('Page', 'Footer background')).toHaveValue('#f2f2f2');
    expect(inGroup('Page', 'Page background')).toHaveValue('#ffffff');
    expect(inGroup('Page', 'Header height (px)')).toHaveValue('80');
    for (const item of STYLE_ITEMS) {
      const fields = within(group(item.label));
      expect(fields.getByRole('button', { name: /^Font Roboto/ })).toBeInTheDocument();
      expect(fields.getByLabelText('Font size')).toBeInTheDocument();
      expect(fields.getByLabelText('Font colour')).toBeInTheDocument();
      expect(fields.getByLabelText('Background colour')).toBeInTheDocument();
    }
    expect(inGroup('Page Headlines h1', 'Font size')).toHaveValue('30');
    expect(inGroup('Form Button', 'Background colour')).toHaveValue('#1f3a68');
  });

  it('shows the theme defaults for what the stylesheet leaves out', async () => {
    journal.profiles[0]!.cssOverride = '.title { color: #abcdef; }';
    journal.profiles[0]!.themeId = 2;
    await openAppearance();
    expect(inGroup('Page Headlines h1', 'Font colour')).toHaveValue('#abcdef');
    expect(inGroup('Page', 'Page background')).toHaveValue('#1e1e1e');
  });

  it('an invalid colour or font size shows its message and nothing is saved', async () => {
    journal.profiles[0]!.cssOverride = '.subTitle { font-size: 1.5em; }';
    const { user } = await openAppearance();
    const colour = inGroup('Link', 'Font colour');
    await user.clear(colour);
    await user.type(colour, '#12345');
    await user.click(save());

    expect(colour).toHaveAccessibleDescription(FIELD_MESSAGES.color);
    expect(inGroup('Page Sub-Headlines h2', 'Font size')).toHaveAccessibleDescription(
      FIELD_MESSAGES.fontSize,
    );
    expect(journal.writes()).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('checks the header height: digits, at least two of them, and required', async () => {
    const { user } = await openAppearance();
    const height = inGroup('Page', 'Header height (px)');
    await user.clear(height);
    await user.click(save());
    expect(height).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    await user.type(height, '8');
    expect(height).toHaveAccessibleDescription(FIELD_MESSAGES.minlength);
    await user.type(height, 'x');
    expect(height).toHaveAccessibleDescription(FIELD_MESSAGES.numOnly);
    const size = inGroup('Form Label', 'Font size');
    await user.clear(size);
    expect(size).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    expect(journal.writes()).toEqual([]);
  });

  it('refuses a header height over its maximum length with "This field is too long"', async () => {
    const { user } = await openAppearance();
    const height = inGroup('Page', 'Header height (px)');
    await user.clear(height);
    await user.click(height);
    await user.paste('1'.repeat(JOURNAL_LIMITS.headerHeight.max + 1));
    await user.click(save());
    expect(height).toHaveAccessibleDescription(FIELD_MESSAGES.maxlength);
    expect(journal.writes()).toEqual([]);

    await user.type(height, '{Backspace}');
    expect(height).toHaveValue('1'.repeat(JOURNAL_LIMITS.headerHeight.max));
    expect(height).not.toHaveAccessibleDescription();
  });

  it('saves the chosen values into the stylesheet, keeps its other rules, opens Login', async () => {
    const { user } = await openAppearance();
    const header = inGroup('Page', 'Header background');
    await user.clear(header);
    await user.type(header, '#ff0000');
    const height = inGroup('Page', 'Header height (px)');
    await user.clear(height);
    await user.type(height, '120');
    const size = inGroup('Page Headlines h1', 'Font size');
    await user.clear(size);
    await user.type(size, '44');
    await user.click(within(group('Menu Item')).getByRole('button', { name: /^Font Roboto/ }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Oswald' }));
    await user.click(save());

    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(dialog).toHaveTextContent(JOURNAL_TEXT.updateProfile);
    expect(journal.writes()).toEqual(['PUT /api/myjournal/profiles/1']);
    const saved = journal.writeBody(0) as JournalProfile;
    expect(saved).toEqual({ ...PROFILE, cssOverride: expect.any(String) });
    const css = saved.cssOverride!;
    expect(css).toMatch(/header \{\n {2}background-color: #ff0000;\n {2}height: 120px;\n\}/);
    expect(css).toMatch(/\.title \{\n {2}font-family: 'Roboto', sans-serif;\n {2}font-size: 44px;/);
    expect(css).toMatch(/nav ul li \{\n {2}font-family: 'Oswald', sans-serif;/);
    expect(css).toMatch(/nav \.active \{\n {2}font-family: 'Oswald', sans-serif;/);
    expect(css.endsWith(EXTRA)).toBe(true);
    const read = readAppearance(css, 1);
    expect(read.items.menuItem['font-family']).toBe("'Oswald', sans-serif");
    expect(read.headerHeight).toBe('120px');

    await user.click(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok }));
    await waitFor(() => expect(currentPath()).toBe(paths.mj.wizard.editor.login.path));
    expect(await screen.findByRole('heading', { name: 'Login Page', level: 3 })).toBeVisible();
  });

  it("a failed save shows the server's message and stays", async () => {
    server.on('PUT /api/myjournal/profiles/1', {
      status: 400,
      body: { errorCode: 1, errorMessage: 'cssOverride: This field is too long' },
    });
    const { user } = await openAppearance();
    await user.click(save());
    expect(await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle })).toHaveTextContent(
      'cssOverride: This field is too long',
    );
    expect(currentPath()).toBe(paths.mj.wizard.editor.font.path);
  });

  it('a save refused for an image the server no longer holds says so in plain words', async () => {
    server.on('PUT /api/myjournal/profiles/1', {
      status: 400,
      body: { errorCode: 1, errorMessage: `logo: ${UNKNOWN_IMAGE.message('ab'.repeat(16))}` },
    });
    const { user } = await openAppearance();
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(SAVE_FAILURE_TEXT.imageGone);
    expect(dialog).not.toHaveTextContent('does not exist');
    expect(currentPath()).toBe(paths.mj.wizard.editor.font.path);
  });
});
