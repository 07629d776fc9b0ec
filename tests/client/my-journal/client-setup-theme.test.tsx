/**
 * Step 1 and the profile's stylesheet: saving step 1 again keeps the styling; only a theme
 * change resets it, and only after the operator confirms when styling of their own would go.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { JOURNAL_TEXT } from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { readBodyBackgroundImage, setBodyBackground } from '@contracts/site/stylesheet';
import { defaultJournalStylesheet } from '@contracts/site/style-model';
import { paths, withId } from '@/config/paths';
import { imageLink } from '@/lib/api/images-api';
import { DEFAULT_RUNTIME_CONFIG } from '@/lib/store/config-slice';
import { THEME_CHANGE_TEXT } from '@/features/my-journal/lib/journal-texts';
import { currentPath, renderApp, setTokenCookie } from '../../support/client-app';
import { installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import { installJournalServer, makeProfile, type JournalFake } from './journal-fake-server';

let server: FakeFetch;
let journal: JournalFake;

/** Styled by the operator: another font and a rule of their own on the dark default. */
const STYLED = `${defaultJournalStylesheet(2)}\np {\n  font-family: 'Open Sans', sans-serif;\n}\n.promo { color: gold; }\n`;
const COFFEE = makeProfile({ profileId: 1, siteUrl: 'coffee', themeId: 2, cssOverride: STYLED });

beforeAll(() => import('@/features/my-journal/components/journal-area'));

beforeEach(() => {
  server = installFakeFetch();
  journal = installJournalServer(server, { profiles: [COFFEE] });
  setTokenCookie();
});
afterEach(() => server.restore());

async function openCoffee() {
  const rendered = renderApp({ route: withId(paths.mj.wizard.setup, 1) });
  await waitFor(() => expect(screen.getByLabelText('URL')).toHaveValue('coffee'));
  return rendered;
}
const save = () => screen.getByRole('button', { name: 'Save & Continue' });
const themeQuestion = () => screen.findByRole('dialog', { name: THEME_CHANGE_TEXT.title });

describe('step 1 and the stylesheet', () => {
  it('saving again with the same theme keeps the styling, and asks nothing', async () => {
    const { user } = await openCoffee();
    await user.clear(screen.getByLabelText('URL'));
    await user.type(screen.getByLabelText('URL'), 'coffee-shop');
    await user.click(save());

    const done = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(done).toHaveTextContent(JOURNAL_TEXT.updateProfile);
    expect(screen.queryByRole('dialog', { name: THEME_CHANGE_TEXT.title })).not.toBeInTheDocument();
    expect(journal.writes()).toEqual(['PUT /api/myjournal/profiles/1']);
    expect(journal.writeBody(0)).toEqual({ ...COFFEE, siteUrl: 'coffee-shop' });
  });

  it('a theme change over styling of its own asks first, Cancel focused; Cancel saves nothing', async () => {
    const { user } = await openCoffee();
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    await user.click(save());

    const question = await themeQuestion();
    expect(question).toHaveTextContent(THEME_CHANGE_TEXT.message);
    // The reset cannot be undone: the dialog opens on Cancel, so Enter keeps the styling.
    const cancel = within(question).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toHaveFocus());
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(journal.writes()).toEqual([]);
    expect(journal.profiles[0]!.cssOverride).toBe(STYLED);
    // Still on step 1 with the choice made, so it can be saved or changed back.
    expect(currentPath()).toBe(paths.mj.wizard.setup.path);
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
  });

  it("confirmed, it saves the new theme with that theme's default stylesheet", async () => {
    const { user } = await openCoffee();
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    await user.click(save());
    await user.click(
      within(await themeQuestion()).getByRole('button', { name: THEME_CHANGE_TEXT.confirm }),
    );

    await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(journal.writes()).toEqual(['PUT /api/myjournal/profiles/1']);
    expect(journal.writeBody(0)).toEqual({
      ...COFFEE,
      themeId: 1,
      cssOverride: defaultJournalStylesheet(1),
    });
  });

  it('keeps the background image across a theme change, and it alone is not asked about', async () => {
    const background = imageLink(DEFAULT_RUNTIME_CONFIG.urlBase, 'img-9');
    journal.profiles[0]!.backgroundImg = 'img-9';
    journal.profiles[0]!.cssOverride = setBodyBackground(defaultJournalStylesheet(2), background);
    const { user } = await openCoffee();
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    await user.click(save());

    await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(screen.queryByRole('dialog', { name: THEME_CHANGE_TEXT.title })).not.toBeInTheDocument();
    const sent = journal.writeBody(0) as typeof COFFEE;
    expect(sent).toMatchObject({ themeId: 1, backgroundImg: 'img-9' });
    expect(sent.cssOverride).toBe(setBodyBackground(defaultJournalStylesheet(1), background));
    expect(readBodyBackgroundImage(sent.cssOverride)).toBe(background);
  });
});
