import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { UNKNOWN_IMAGE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { MERCHANT_TEXT, type MerchantProfile } from '@contracts/api/merchant';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import { STYLE_ITEMS, defaultMerchantStylesheet } from '@contracts/site/style-model';
import { readAppearance } from '@contracts/site/stylesheet';
import { SITE_PREVIEW_TEXT } from '@/components/site-builder/site-preview';
import { paths, withId } from '@/config/paths';
import { merchantApi } from '@/features/my-merchant/api/merchant-api';
import { LOGIN_TEXT, SESSION_DRAFT_TEXT } from '@/config/texts';
import { SAVE_FAILURE_TEXT } from '@/lib/api/save-failures';
import { SESSION_DRAFT_KEY } from '@/lib/session/session-draft';
import {
  SESSION_EXPIRED_ANSWER,
  currentPath,
  renderApp,
  setTokenCookie,
  signIn,
} from '../../support/client-app';
import { buildMerchantProfile } from '../../support/builders';
import { installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import { readAnswer, staleAnswer } from '../../support/record-etags';

const EXTRA = '/* keep me */\n.custom { margin: 0; }\n';

const PROFILE: MerchantProfile = buildMerchantProfile({
  id: 5,
  programId: 1,
  testURL: 'coffee-shop',
  overrideCSS: `${defaultMerchantStylesheet(1)}${EXTRA}`,
  siteTitle: 'Coffee',
});
const PUT = 'PUT /api/mymerchant/profile/5';

let server: FakeFetch;
let stored: MerchantProfile;

beforeEach(() => {
  stored = structuredClone(PROFILE);
  server = installFakeFetch();
  server.on('GET /api/mymerchant/profile/5', () => readAnswer(stored));
  server.on(PUT, (request) => {
    const stale = staleAnswer(request, stored);
    if (stale) return stale;
    stored = { ...stored, ...(request.body as MerchantProfile), id: 5 };
    return readAnswer(stored);
  });
  setTokenCookie();
});
afterEach(() => {
  server.restore();
  jest.useRealTimers();
});

async function openEditor(fakeTimers = false) {
  const view = renderApp({ route: withId(paths.mm.wizard.editor, 5), fakeTimers });
  expect(await screen.findByRole('heading', { name: 'Site Editor', level: 2 })).toBeVisible();
  await screen.findByRole('button', { name: 'Save & Continue' });
  return view;
}
const group = (name: string) => screen.getByRole('group', { name });
/** The image of the live preview whose address holds `id`, if it shows one. */
const previewImage = (id: string) =>
  new DOMParser()
    .parseFromString(
      screen.getByTitle(SITE_PREVIEW_TEXT.frameTitle).getAttribute('srcdoc') ?? '',
      'text/html',
    )
    .querySelector(`img[src*="${id}"]`);
const inGroup = (name: string, label: string) => within(group(name)).getByLabelText(label);
const save = () => screen.getByRole('button', { name: 'Save & Continue' });
const puts = () => server.calls(PUT);

/** Sets the Form Label's font size in Edit Fonts, then opens Edit CSS: its text area. */
async function labelSizeThenCss(user: UserEvent, size: string): Promise<HTMLTextAreaElement> {
  const field = inGroup('Form Label', 'Font size');
  await user.clear(field);
  await user.type(field, size);
  await user.click(screen.getByRole('radio', { name: 'Edit CSS' }));
  return screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'CSS override' });
}

describe('MyMerchant step 5, Site Editor', () => {
  it("a save after another operator's refuses as stale, keeps the typing and saves both next", async () => {
    const { user, store } = await openEditor();
    await user.click(screen.getByRole('radio', { name: 'Edit CSS' }));
    const area = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'CSS override' });
    await user.type(area, '.mine {{}', { initialSelectionStart: area.value.length });
    const typed = area.value;
    // Operator B uploads a new logo meanwhile.
    const logo = `/images/${'b'.repeat(32)}.png`;
    stored = { ...stored, logoPath: logo };
    await user.click(save());

    const dialog = await screen.findByRole('dialog', { name: MERCHANT_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(ERROR_MESSAGE.staleRecord);
    expect(dialog).toHaveTextContent(DIALOG_TEXT.staleRecordReloaded);
    expect(stored).toEqual({ ...PROFILE, logoPath: logo });
    await user.click(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok }));
    expect(area).toHaveValue(typed);

    // The profile was read again: the next save keeps B's logo and A's stylesheet.
    // Joins the read again the refusal started (or answers it when done).
    const reread = await act(() =>
      store
        .dispatch(merchantApi.endpoints.merchantProfile.initiate(5, { subscribe: false }))
        .unwrap(),
    );
    expect(reread.logoPath).toBe(logo);
    // On the screen: the preview shows B's logo.
    await waitFor(() => expect(previewImage('b'.repeat(32))).not.toBeNull());
    // The refused save has ended: until then the button reads unavailable and does nothing.
    await waitFor(() => expect(save()).not.toHaveAttribute('aria-disabled'));
    await user.click(save());
    await screen.findByRole('dialog', { name: MERCHANT_TEXT.successTitle });
    expect(puts()).toHaveLength(2);
    expect(stored).toMatchObject({ logoPath: logo, overrideCSS: typed });
  });

  it('opens on Edit Fonts: a page background and the seven items from the stylesheet', async () => {
    await openEditor();
    expect(screen.getByRole('radio', { name: 'Edit Fonts' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Edit CSS' })).not.toBeChecked();
    expect(inGroup('Page', 'Page background')).toBeInTheDocument();
    expect(within(group('Page')).queryByLabelText('Header background')).not.toBeInTheDocument();
    expect(within(group('Page')).queryByLabelText('Header height (px)')).not.toBeInTheDocument();
    const defaults = readAppearance(PROFILE.overrideCSS, 1);
    for (const item of STYLE_ITEMS) {
      const fields = within(group(item.label));
      expect(fields.getByRole('button', { name: /^Font Open Sans/ })).toBeInTheDocument();
      expect(fields.getByLabelText('Font size')).toHaveValue(
        defaults.items[item.key]['font-size'].replace(/px$/, ''),
      );
      expect(fields.getByLabelText('Font colour')).toBeInTheDocument();
      expect(fields.getByLabelText('Background colour')).toBeInTheDocument();
    }
    // The light theme shows no dark-theme preview.
    expect(screen.queryByRole('img', { name: 'Dark theme preview' })).not.toBeInTheDocument();
  });

  it('saves the fonts into overrideCSS (PUT ?returnBody=true), keeps other rules, opens the summary', async () => {
    const { user } = await openEditor();
    const background = inGroup('Page', 'Page background');
    await user.clear(background);
    await user.type(background, 'rgba(10, 20, 30, 0.5)');
    const size = inGroup('Page Headlines h1', 'Font size');
    await user.clear(size);
    await user.type(size, '44');
    await user.click(within(group('Menu Item')).getByRole('button', { name: /^Font Open Sans/ }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Oswald' }));
    await user.click(save());

    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(dialog).toHaveTextContent(MERCHANT_TEXT.profileUpdated);
    expect(puts()).toHaveLength(1);
    expect(puts()[0]!.url.searchParams.get('returnBody')).toBe('true');
    const css = (puts()[0]!.body as MerchantProfile).overrideCSS!;
    expect(css).toMatch(/body \{[^}]*background-color: rgba\(10, 20, 30, 0\.5\);/);
    expect(css).toMatch(/\.title \{[^}]*font-size: 44px;/);
    expect(css).toMatch(/nav ul li \{\n {2}font-family: 'Oswald', sans-serif;/);
    // The merchant edits no header or footer: they stay as stored.
    const rule = (text: string, selector: string) =>
      new RegExp(`^${selector} \\{[^}]*\\}`, 'm').exec(text)?.[0];
    for (const selector of ['header', 'footer']) {
      expect(rule(css, selector)).toBe(rule(PROFILE.overrideCSS!, selector));
    }
    expect(css.endsWith(EXTRA)).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok }));
    await waitFor(() => expect(currentPath()).toBe(paths.mm.wizard.summary.path));
  });

  it('Edit CSS shows the stored stylesheet, closes a brace typed at the end and saves the text', async () => {
    const { user } = await openEditor();
    await user.click(screen.getByRole('radio', { name: 'Edit CSS' }));
    const area = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'CSS override' });
    expect(area.value).toBe(PROFILE.overrideCSS);
    expect(screen.queryByRole('group', { name: 'Page' })).not.toBeInTheDocument();

    await user.clear(area);
    await user.type(area, '.promo {{');
    expect(area.value).toBe('.promo {}');
    await user.type(area, ' color: red; ', { initialSelectionStart: '.promo {'.length });
    expect(area.value).toBe('.promo { color: red; }');
    await user.click(save());

    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(dialog).toHaveTextContent(MERCHANT_TEXT.profileUpdated);
    expect(puts().map((call) => (call.body as MerchantProfile).overrideCSS)).toEqual([
      '.promo { color: red; }',
    ]);
  });

  it('both modes edit one stylesheet: switching never asks, and saving keeps both edits', async () => {
    const { user } = await openEditor();
    // The font change shows in the CSS; no question.
    const area = await labelSizeThenCss(user, '21');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(area.value).toMatch(/^label \{[^}]*font-size: 21px;/m);
    expect(area.value.endsWith(EXTRA)).toBe(true);

    // A CSS change shows in the fonts; no question.
    await user.type(area, '.title {{ font-size: 37px; ', {
      initialSelectionStart: area.value.length,
    });
    await user.click(screen.getByRole('radio', { name: 'Edit Fonts' }));
    expect(await screen.findByRole('group', { name: 'Page Headlines h1' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(inGroup('Page Headlines h1', 'Font size')).toHaveValue('37');
    expect(inGroup('Form Label', 'Font size')).toHaveValue('21');

    // Still unsaved: leaving the step asks.
    await user.click(screen.getByRole('link', { name: 'Summary' }));
    const question = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe(paths.mm.wizard.editor.path);

    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    const css = (puts()[0]!.body as MerchantProfile).overrideCSS!;
    const appearance = readAppearance(css, 1);
    expect(appearance.items.label['font-size']).toBe('21px');
    expect(appearance.items.headline['font-size']).toBe('37px');
    expect(css).toContain('/* keep me */');
    expect(puts()).toHaveLength(1);
    // Saved: the move on to the summary does not ask.
    await user.click(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok }));
    await waitFor(() => expect(currentPath()).toBe(paths.mm.wizard.summary.path));
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument();
  });

  it("a session ending by itself keeps both modes' edits and the open mode for the next sign-in", async () => {
    const { user } = await openEditor();
    const area = await labelSizeThenCss(user, '21');
    await user.type(area, '.promo {{ color: red; ', { initialSelectionStart: area.value.length });
    const typed = area.value;

    server.on(PUT, SESSION_EXPIRED_ANSWER);
    await user.click(save());
    expect(await screen.findByText(LOGIN_TEXT.sessionEnded)).toBeVisible();
    expect(window.sessionStorage.getItem(SESSION_DRAFT_KEY)).toContain('.promo');

    server.on(PUT, (request) => ({ body: { ...stored, ...(request.body as MerchantProfile) } }));
    await signIn(user, server);

    expect(await screen.findByText(SESSION_DRAFT_TEXT.restored)).toBeVisible();
    expect(currentPath()).toBe(paths.mm.wizard.editor.path);
    expect(screen.getByRole('radio', { name: 'Edit CSS' })).toBeChecked();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'CSS override' }).value).toBe(
      typed,
    );
    await user.click(screen.getByRole('radio', { name: 'Edit Fonts' }));
    expect(await screen.findByRole('group', { name: 'Form Label' })).toBeInTheDocument();
    expect(inGroup('Form Label', 'Font size')).toHaveValue('21');

    // Restored, not saved: leaving asks; saving sends both edits.
    await user.click(screen.getByRole('link', { name: 'Summary' }));
    const question = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(save());
    await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    const css = (puts().at(-1)!.body as MerchantProfile).overrideCSS!;
    expect(css).toContain('.promo { color: red; }');
    expect(readAppearance(css, 1).items.label['font-size']).toBe('21px');
    expect(window.sessionStorage.getItem(SESSION_DRAFT_KEY)).toBeNull();
  });

  it('an invalid colour shows "The color you input is invalid" and nothing is saved', async () => {
    const { user } = await openEditor();
    const colour = inGroup('Link', 'Font colour');
    await user.clear(colour);
    await user.type(colour, '#12345');
    await user.click(save());
    expect(colour).toHaveAccessibleDescription(FIELD_MESSAGES.color);
    const background = inGroup('Page', 'Page background');
    await user.clear(background);
    await user.type(background, 'rgb(300, 0, 0)');
    expect(background).toHaveAccessibleDescription(FIELD_MESSAGES.color);
    expect(puts()).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(colour);
    await user.type(colour, '#123456');
    expect(colour).not.toHaveAccessibleDescription();
  });

  it('a font size the fonts cannot read from Edit CSS shows "The font size you input is invalid" and nothing is saved', async () => {
    const { user } = await openEditor();
    await user.click(screen.getByRole('radio', { name: 'Edit CSS' }));
    const area = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'CSS override' });
    await user.type(area, '.subTitle {{ font-size: 1.5em; ', {
      initialSelectionStart: area.value.length,
    });
    await user.click(screen.getByRole('radio', { name: 'Edit Fonts' }));
    expect(await screen.findByRole('group', { name: 'Page Sub-Headlines h2' })).toBeInTheDocument();
    await user.click(save());
    const size = inGroup('Page Sub-Headlines h2', 'Font size');
    expect(size).toHaveAccessibleDescription(FIELD_MESSAGES.fontSize);
    expect(puts()).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(size, '20');
    expect(size).not.toHaveAccessibleDescription();
  });

  it("a failed save shows the server's message under Error and stays", async () => {
    server.on(PUT, {
      status: 400,
      body: { errorCode: 1, errorMessage: 'overrideCSS: This field is too long' },
    });
    const { user } = await openEditor();
    await user.click(save());
    expect(await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle })).toHaveTextContent(
      'overrideCSS: This field is too long',
    );
    expect(currentPath()).toBe(paths.mm.wizard.editor.path);
  });

  it('a save refused for an image the server no longer holds says so in plain words', async () => {
    const link = `/images/${'cd'.repeat(16)}.png`;
    server.on(PUT, {
      status: 400,
      body: { errorCode: 1, errorMessage: `faviconPath: ${UNKNOWN_IMAGE.message(link)}` },
    });
    const { user } = await openEditor();
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(SAVE_FAILURE_TEXT.imageGone);
    expect(dialog).not.toHaveTextContent(link);
  });

  it('a dark-theme site shows the dark preview image, its tooltip only after 15000 ms', async () => {
    stored = { ...stored, siteThemeId: 2, overrideCSS: defaultMerchantStylesheet(2) };
    const { user } = await openEditor(true);
    const image = screen.getByRole('img', { name: 'Dark theme preview' });
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    await user.hover(image);
    // Async: the tooltip's positioning settles in promises, inside act too.
    await act(() => jest.advanceTimersByTimeAsync(14_999));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('The dark theme');
  });
});
