import type { Locator, Page } from 'playwright-core';
import {
  JOURNAL_PAGE_TYPE,
  JOURNAL_PATHS,
  JOURNAL_TEXT,
  type JournalPage,
  type JournalProfile,
} from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { RICH_TEXT_TEXT } from '@/components/form/RichTextField';
import { paths, withId } from '@/config/paths';
import { PAGE_EDITOR_LABEL } from '@/features/my-journal/components/editors/page-editor-steps';
import { SAVE_AND_CONTINUE } from '@/features/my-journal/lib/journal-texts';
import { answerDialog, fieldError, JournalApi, openRoute, signIn } from './support/journal';
import { giftProgramForSuite, SchemeApi } from './support/schemes';
import { browserSuite } from './support/suite';

/**
 * The rich-text editor (TipTap) as a person uses it, in Chromium: typing, the toolbar's
 * formatting, undo and redo, and links, checked in the editor and in what the page editor saves.
 * jsdom has no layout and ProseMirror reads typed text from the DOM on a timer, so typed text
 * can arrive mangled there on a loaded machine: the jsdom tests
 * (tests/client/site-builder/rich-text-field.test.tsx) keep what needs no typing.
 */

const suite = browserSuite();
const api = JournalApi.forSuite(suite);
/** The program of the profiles the tests make: their own, made through the API. */
const PROGRAM = giftProgramForSuite(SchemeApi.forSuite(suite), 'Richtext');
let page: Page;
let errors: string[];

beforeAll(async () => {
  ({ page, errors } = await suite.newPage());
  await signIn(page, suite.baseUrl);
});

afterEach(() => {
  expect(errors.splice(0)).toEqual([]);
});

let sites = 0;

/** A profile of its own whose Login page holds `content`, opened in the Login page editor. */
async function openLoginEditor(content: string): Promise<{ profileId: number; box: Locator }> {
  sites += 1;
  const profile = await api.call<JournalProfile>(
    'POST',
    `${JOURNAL_PATHS.profiles}?returnBody=true`,
    { programId: PROGRAM.id, siteUrl: `rich-text-${sites}`, title: 'Rich text' },
  );
  await api.call<JournalPage>('POST', `${JOURNAL_PATHS.pages}?returnBody=true`, {
    pageTypeId: JOURNAL_PAGE_TYPE.LOGIN,
    profileId: profile.profileId,
    title: 'Balance',
    content,
  });
  await reopen(profile.profileId);
  return { profileId: profile.profileId, box: contentBox() };
}

async function reopen(profileId: number): Promise<void> {
  await openRoute(page, suite.baseUrl, withId(paths.mj.wizard.editor.login, profileId));
  await page.getByRole('heading', { name: 'Login Page', level: 3, exact: true }).waitFor();
  await contentBox().waitFor();
}

const contentBox = () => page.getByRole('textbox', { name: PAGE_EDITOR_LABEL.content });
const toolbar = () =>
  page.getByRole('toolbar', { name: RICH_TEXT_TEXT.toolbar(PAGE_EDITOR_LABEL.content) });
const tool = (name: string) => toolbar().getByRole('button', { name, exact: true });

/** Waits until the toolbar button `name` shows `pressed`. */
const showsPressed = (name: string, pressed: boolean) =>
  toolbar().getByRole('button', { name, exact: true, pressed }).waitFor();

/** Saves the page and returns the Login page's content as the server stored it. */
async function saveAndRead(profileId: number): Promise<string | null> {
  await page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
  await answerDialog(page, DIALOG_TEXT.successTitle, { message: JOURNAL_TEXT.loginPageUpdated });
  const login = (await api.pages(profileId)).find(
    (stored) => stored.pageTypeId === JOURNAL_PAGE_TYPE.LOGIN,
  );
  return login?.content ?? null;
}

describe('the rich-text editor in a page editor', () => {
  it('stores what is typed; an emptied editor stores no content', async () => {
    const { profileId, box } = await openLoginEditor('<p>Old text</p>');
    await box.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Hello there');
    await box.locator('p', { hasText: /^Hello there$/ }).waitFor();
    expect(await box.innerText()).toBe('Hello there');
    expect(await saveAndRead(profileId)).toBe('<p>Hello there</p>');

    await reopen(profileId);
    await contentBox().getByText('Hello there', { exact: true }).waitFor();
    await contentBox().click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await contentBox().getByText('Hello there', { exact: true }).waitFor({ state: 'detached' });
    expect(await saveAndRead(profileId)).toBeNull();
  });

  it('formats from the toolbar, shows what is on, and undoes and redoes it', async () => {
    const { profileId, box } = await openLoginEditor('<p>Some text</p>');
    await box.click();

    // One change at a time for undo and redo: ProseMirror groups changes made within half a
    // second into one undo step, so a quick test and a slow machine would undo different steps.
    await tool(RICH_TEXT_TEXT.bulletList).click();
    await box.locator('ul > li', { hasText: 'Some text' }).waitFor();
    await showsPressed(RICH_TEXT_TEXT.bulletList, true);
    await tool(RICH_TEXT_TEXT.undo).click();
    await box.locator('ul').waitFor({ state: 'detached' });
    await box.locator('p', { hasText: 'Some text' }).waitFor();
    await showsPressed(RICH_TEXT_TEXT.bulletList, false);
    await tool(RICH_TEXT_TEXT.redo).click();
    await box.locator('ul > li', { hasText: 'Some text' }).waitFor();
    await showsPressed(RICH_TEXT_TEXT.bulletList, true);
    await tool(RICH_TEXT_TEXT.undo).click();
    await box.locator('ul').waitFor({ state: 'detached' });

    await tool(RICH_TEXT_TEXT.heading2).click();
    await box.locator('h2', { hasText: 'Some text' }).waitFor();
    await showsPressed(RICH_TEXT_TEXT.heading2, true);
    await showsPressed(RICH_TEXT_TEXT.heading3, false);

    await page.keyboard.press('Control+A');
    await tool(RICH_TEXT_TEXT.bold).click();
    await box.locator('h2 > strong', { hasText: 'Some text' }).waitFor();
    await showsPressed(RICH_TEXT_TEXT.bold, true);

    expect(await saveAndRead(profileId)).toBe('<h2><strong>Some text</strong></h2>');
  });

  it('adds a link only with an http(s) or mailto address, and removes it', async () => {
    const { profileId, box } = await openLoginEditor('<p>Visit us</p>');
    await box.click();
    await page.keyboard.press('Control+A');
    expect(await tool(RICH_TEXT_TEXT.unlink).getAttribute('aria-disabled')).toBe('true');
    await tool(RICH_TEXT_TEXT.link).click();
    const address = page.getByRole('textbox', { name: RICH_TEXT_TEXT.linkAddress, exact: true });
    await address.fill('javascript:alert(1)');
    await page.getByRole('button', { name: RICH_TEXT_TEXT.applyLink, exact: true }).click();
    expect(await fieldError(address)).toBe(RICH_TEXT_TEXT.badLink);
    expect(await box.locator('a').count()).toBe(0);

    await address.fill('https://shop.example/stores');
    await address.press('Enter');
    const link = box.getByRole('link', { name: 'Visit us', exact: true });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://shop.example/stores');
    await address.waitFor({ state: 'detached' });
    await showsPressed(RICH_TEXT_TEXT.link, true);
    expect(await saveAndRead(profileId)).toContain('href="https://shop.example/stores"');

    await reopen(profileId);
    await contentBox().getByRole('link', { name: 'Visit us', exact: true }).click();
    await showsPressed(RICH_TEXT_TEXT.link, true);
    await tool(RICH_TEXT_TEXT.unlink).click();
    await contentBox().locator('a').waitFor({ state: 'detached' });
    expect(await saveAndRead(profileId)).toBe('<p>Visit us</p>');
  });

  it('a click into stored content that the editor writes its own way is not a change', async () => {
    // The editor writes a link with rel="noopener noreferrer nofollow"; stored without it, the
    // content is still what was loaded until something is edited.
    const { box } = await openLoginEditor(
      '<p>Enter your <strong>card</strong> and <a href="https://example.com">PIN</a>.</p>',
    );
    await box.getByText('card', { exact: true }).click();
    await showsPressed(RICH_TEXT_TEXT.bold, true);
    await box.getByRole('link', { name: 'PIN', exact: true }).click();
    await showsPressed(RICH_TEXT_TEXT.link, true);

    await page.getByRole('link', { name: 'Site Pages', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Site Pages', exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
