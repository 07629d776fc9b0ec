import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultJournalStylesheet } from '@contracts/site/style-model';
import { paths, withId } from '@/config/paths';
import { renderApp, setTokenCookie } from '../../support/client-app';
import { installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import { installJournalServer, makePage, makeProfile } from './journal-fake-server';

/**
 * The journal's appearance and CSS editors show the profile's site, as the published site
 * draws it, with the styles being edited.
 */

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
  installJournalServer(server, {
    profiles: [
      makeProfile({
        profileId: 1,
        themeId: 1,
        title: 'Harbour Gifts',
        cssOverride: defaultJournalStylesheet(1),
      }),
    ],
    pages: [
      makePage({ pageId: 1, profileId: 1, pageTypeId: 1, title: 'Check your balance' }),
      makePage({ pageId: 2, profileId: 1, pageTypeId: 10, navItem: 'Questions' }),
      makePage({ pageId: 3, profileId: 1, pageTypeId: 14, enabled: 0 }),
    ],
  });
  setTokenCookie();
});
afterEach(() => server.restore());

const previewDocument = async () => {
  const frame = await screen.findByTitle<HTMLIFrameElement>('Preview of the site page');
  return new DOMParser().parseFromString(frame.getAttribute('srcdoc') ?? '', 'text/html');
};
const editedStyles = async () =>
  (await previewDocument()).querySelector('style[data-preview="stylesheet"]')?.textContent ?? '';
const menu = async () =>
  [...(await previewDocument()).querySelectorAll('nav li')].map((li) => li.textContent);

it('the appearance editor previews the first page with the colours as they are typed', async () => {
  renderApp({ route: withId(paths.mj.wizard.editor.font, 1) });
  const preview = await screen.findByRole('region', { name: 'Preview' });
  expect(within(preview).getByTitle('Preview of the site page')).toHaveAttribute(
    'sandbox',
    'allow-same-origin',
  );
  // The enabled pages, Login first; the page shown is the first one.
  await waitFor(async () => expect(await menu()).toEqual(['Login', 'Questions']));
  expect((await previewDocument()).querySelector('h1')?.textContent).toBe('Check your balance');

  const user = userEvent.setup();
  const colour = within(screen.getByRole('group', { name: 'Page Text p' })).getByLabelText(
    'Font colour',
  );
  await user.clear(colour);
  await user.type(colour, '#bbbbbb');
  await waitFor(async () => expect(await editedStyles()).toMatch(/color:\s*#bbbbbb/));
  expect(
    within(preview).getByText(/^Page Text p: Contrast .* below the WCAG AA minimum of 4\.5:1$/),
  ).toBeVisible();
});

it('the CSS editor previews the text as it is typed, and the theme default when emptied', async () => {
  renderApp({ route: withId(paths.mj.wizard.editor.css, 1) });
  const area = await screen.findByRole('textbox', { name: 'CSS override' });
  const user = userEvent.setup();
  await user.clear(area);
  await waitFor(async () => expect(await editedStyles()).toBe(defaultJournalStylesheet(1)));
  await user.type(area, '.title {{ color: #0a7b3e; }');
  await waitFor(async () => expect(await editedStyles()).toBe('.title { color: #0a7b3e; }'));
});
