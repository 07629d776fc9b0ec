import type { Page } from 'playwright-core';
import {
  JOURNAL_PAGE_TYPE,
  JOURNAL_PATHS,
  type JournalPage,
  type JournalProfile,
} from '@contracts/api/journal';
import { APPEARANCE_LABEL } from '@/components/site-builder/appearance-form';
import { CSS_EDITOR_LABEL } from '@/components/site-builder/css-editor-form';
import { SITE_PREVIEW_TEXT } from '@/components/site-builder/site-preview';
import { paths, withId } from '@/config/paths';
import { JournalApi, openRoute, signIn, unexpectedErrors } from './support/journal';
import { giftProgramForSuite, SchemeApi } from './support/schemes';
import { browserSuite } from './support/suite';

/**
 * The builders' live preview in Chromium under the app's Content-Security-Policy:
 * the journal's Appearance and CSS editors show the site's page with the styles as they are
 * typed, in a sandboxed frame where nothing stored in the profile runs.
 */

const suite = browserSuite();
const api = JournalApi.forSuite(suite);
/** The program of the profiles the tests make: their own, made through the API. */
const PROGRAM = giftProgramForSuite(SchemeApi.forSuite(suite), 'Preview');

const CONTENT =
  '<p>Before</p><img src="x" onerror="window.parent.hacked = \'onerror\'" alt="bad">' +
  '<script>window.parent.hacked = "script"</script><p>After</p>';
const CSS =
  '.title { color: rgb(1, 2, 3); }\n</style><script>window.parent.hacked = "css"</script><style>\n' +
  'p { color: rgb(4, 5, 6); }';
/** DOMPurify's parse of the content reports the blocked handler (journal-injection test). */
const blockedHandler = "Content Security Policy directive 'script-src-attr 'none''";

/** Waits until the preview's first `selector` has the text colour `rgb`. */
async function previewColour(page: Page, selector: string, rgb: string): Promise<void> {
  await page.waitForFunction(
    ([title, target, colour]) => {
      const frame = document.querySelector<HTMLIFrameElement>(`iframe[title="${title}"]`);
      const element = frame?.contentDocument?.querySelector(target);
      return element ? getComputedStyle(element).color === colour : false;
    },
    [SITE_PREVIEW_TEXT.frameTitle, selector, rgb] as const,
  );
}

let profileId: number;

beforeAll(async () => {
  const profile = await api.call<JournalProfile>(
    'POST',
    `${JOURNAL_PATHS.profiles}?returnBody=true`,
    { programId: PROGRAM.id, siteUrl: 'preview-e2e', title: 'Preview E2E', cssOverride: CSS },
  );
  await api.call<JournalPage>('POST', `${JOURNAL_PATHS.pages}?returnBody=true`, {
    pageTypeId: JOURNAL_PAGE_TYPE.LOGIN,
    profileId: profile.profileId,
    title: 'Check your balance',
    content: CONTENT,
  });
  profileId = profile.profileId;
});

/** Signs in, opens the editor, waits for the preview's page and checks nothing ran after. */
async function inEditor(editor: 'font' | 'css', act: (page: Page) => Promise<void>) {
  const route = withId(paths.mj.wizard.editor[editor], profileId);
  const { page, errors } = await suite.newPage();
  await signIn(page, suite.baseUrl);
  await openRoute(page, suite.baseUrl, route);
  const preview = page.frameLocator(`iframe[title="${SITE_PREVIEW_TEXT.frameTitle}"]`);
  await preview.getByRole('heading', { name: 'Check your balance' }).waitFor();
  await preview.getByText('After').waitFor();
  // The stored stylesheet applies, up to the text that tries to close its <style>.
  await previewColour(page, 'h1.title', 'rgb(1, 2, 3)');
  await act(page);
  expect(await page.evaluate(() => (window as { hacked?: string }).hacked)).toBeUndefined();
  expect(await preview.locator('script, [onerror]').count()).toBe(0);
  expect(unexpectedErrors(errors, [404]).filter((text) => !text.includes(blockedHandler))).toEqual(
    [],
  );
  await page.context().close();
}

it('the Appearance editor previews the colours as they are typed, unsaved', async () => {
  await inEditor('font', async (page) => {
    const headline = page.getByRole('group', { name: 'Page Headlines h1' });
    await headline.getByRole('textbox', { name: APPEARANCE_LABEL.color }).fill('#aa3300');
    await previewColour(page, 'h1.title', 'rgb(170, 51, 0)');
  });
});

it('the CSS editor previews the stylesheet as it is typed, unsaved', async () => {
  await inEditor('css', async (page) => {
    await page.getByLabel(CSS_EDITOR_LABEL).fill('.title { color: rgb(7, 8, 9); }');
    await previewColour(page, 'h1.title', 'rgb(7, 8, 9)');
  });
});
