import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MERCHANT_EMBEDDED, type MerchantProfile } from '@contracts/api/merchant';
import { defaultMerchantStylesheet } from '@contracts/site/style-model';
import { paths, withId } from '@/config/paths';
import { embeddedList, renderApp, setTokenCookie } from '../../support/client-app';
import { installFakeFetch, type FakeFetch } from '../../support/fake-fetch';

/**
 * The merchant's Site Editor shows the profile's site, as the published merchant site draws
 * it, with the styles being edited.
 */

const PROFILE: MerchantProfile = {
  id: 5,
  programId: 1,
  liveURL: null,
  testURL: 'coffee-shop',
  primaryLanguageId: 1,
  secundaryLanguageId: null,
  siteThemeId: 2,
  overrideCSS: defaultMerchantStylesheet(2),
  siteTitle: 'Coffee',
  description: null,
  siteKeywords: null,
  analyticsTrackingCode: null,
  headerLogoPath: null,
  logoPath: null,
  faviconPath: null,
  backgroundPath: '/images/abc.png',
  moduleCode: null,
  publishLive: 0,
  publishTest: 0,
};

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
  server.on('GET /api/mymerchant/profile/5', () => ({ body: PROFILE }));
  server.on('GET /api/mymerchant/pagetype', () => ({
    body: embeddedList(MERCHANT_EMBEDDED.pageTypes, [
      { id: 1, name: 'Home', fl_mandatory: 1, children: [] },
      {
        id: 2,
        name: 'About',
        fl_mandatory: 0,
        children: [
          { id: 21, typeId: 2, name: 'Our Story' },
          { id: 22, typeId: 2, name: 'Team' },
        ],
      },
    ]),
  }));
  server.on('GET /api/mymerchant/profile/pagetypes/5', () => ({
    body: {
      profileId: 5,
      pageTypes: [
        { typeId: 2, navItem: 'About us', title: 'Who we are', content: '<p>Since 1999.</p>' },
        { typeId: 1, navItem: 'Welcome', title: 'Fresh coffee', content: '<p>Hello.</p>' },
      ],
    },
  }));
  server.on('GET /api/mymerchant/profile/pagesubtypes/5', () => ({
    body: { profileId: 5, pageSubtypes: [{ subtypeId: 22, pageTypeFk: 2 }] },
  }));
  setTokenCookie();
});
afterEach(() => server.restore());

const previewDocument = async () => {
  const frame = await screen.findByTitle<HTMLIFrameElement>('Preview of the site page');
  return new DOMParser().parseFromString(frame.getAttribute('srcdoc') ?? '', 'text/html');
};
const editedStyles = async () =>
  (await previewDocument()).querySelector('style[data-preview="stylesheet"]')?.textContent ?? '';

it('Edit Fonts previews the first selected page of the site with the styles as typed', async () => {
  renderApp({ route: withId(paths.mm.wizard.editor, 5) });
  const preview = await screen.findByRole('region', { name: 'Preview' });
  expect(within(preview).getByTitle('Preview of the site page')).not.toHaveAttribute(
    'sandbox',
    expect.stringContaining('allow-scripts'),
  );
  // The pages in page-type order by their labels, the first one shown.
  await waitFor(async () =>
    expect((await previewDocument()).querySelector('h1')?.textContent).toBe('Fresh coffee'),
  );
  const doc = await previewDocument();
  expect([...doc.querySelectorAll('nav li')].map((li) => li.textContent)).toEqual(
    expect.arrayContaining(['Welcome', expect.stringContaining('About us')]),
  );
  expect(doc.body.className).toBe('theme-dark hasBackground');
  expect(doc.querySelector('style')?.textContent).toContain('/images/abc.png');

  const user = userEvent.setup();
  const background = within(screen.getByRole('group', { name: 'Page' })).getByLabelText(
    'Page background',
  );
  await user.clear(background);
  await user.type(background, '#fafafa');
  await waitFor(async () =>
    expect(await editedStyles()).toMatch(/body\s*\{[^}]*background-color:\s*#fafafa/),
  );
});

it('Edit CSS previews the text as it is typed', async () => {
  renderApp({ route: withId(paths.mm.wizard.editor, 5) });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('radio', { name: 'Edit CSS' }));
  const area = await screen.findByRole('textbox', { name: 'CSS override' });
  await user.clear(area);
  // The merchant's editor closes the brace itself (02 §2 Step 5).
  await user.type(area, '.title {{ color: #0a7b3e; ');
  await waitFor(async () => expect(await editedStyles()).toBe('.title { color: #0a7b3e; }'));
});
