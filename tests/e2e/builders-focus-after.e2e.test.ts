import type { Locator, Page } from 'playwright-core';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { JOURNAL_PATHS, JOURNAL_TEXT, THEME, type JournalProfile } from '@contracts/api/journal';
import { MERCHANT_TEXT } from '@contracts/api/merchant';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { IMAGE_SLOT_CAPTION } from '@/components/form/ImageSlotField';
import { MEDIA_SLOTS } from '@/components/site-builder/media-slots';
import { PROFILE_CARD_TEXT } from '@/components/site-builder/profile-card';
import { SAVE_AND_CONTINUE } from '@/components/wizard/profile-step';
import { paths, withId } from '@/config/paths';
import { MEDIA_TEXT } from '@/features/my-merchant/components/steps/media-step';
import { SITE_PAGES_TEXT } from '@/features/my-merchant/components/steps/site-pages-step';
import { MERCHANT_SUMMARY_LABEL } from '@/features/my-merchant/components/steps/summary-step';
import { UNPUBLISH_CONFIRM } from '@/features/my-merchant/lib/merchant-texts';
import { waitForFocus } from './support/browser';
import { answerDialog, JournalApi, openRoute, signIn } from './support/journal';
import {
  createMerchantProfile,
  pagePanel,
  stepHeading,
  updateMerchantProfile,
} from './support/merchant';
import { solidPng } from './support/png';
import { giftProgramForSuite, SchemeApi, uniqueLetters } from './support/schemes';
import { browserSuite } from './support/suite';

/**
 * Where the keyboard focus goes, in Chromium against the real server, when the dialog of a
 * successful action closes and the action has made the control that opened it unusable, and when
 * Site Pages' Edit opens a page's panel (docs/decisions.md, "Accessibility"): never to the page.
 */

const suite = browserSuite();
const api = JournalApi.forSuite(suite);
const schemes = SchemeApi.forSuite(suite);
const PROGRAM = giftProgramForSuite(schemes, 'Focusafter');

/** A merchant profile of its own, through the API. */
function newMerchantProfile(title: string) {
  return createMerchantProfile(api, {
    programId: PROGRAM.id,
    testURL: `mm-after-${uniqueLetters().toLowerCase()}`,
    siteTitle: title,
  });
}

/** Signed in on a page of its own, at `route`. */
async function signedInAt(route: string): Promise<Page> {
  const { page } = await suite.newPage();
  await signIn(page, suite.baseUrl);
  await openRoute(page, suite.baseUrl, route);
  return page;
}

/** Focuses `control` and presses Enter on it, as a keyboard user does. */
async function pressEnterOn(control: Locator): Promise<void> {
  await control.focus();
  await control.press('Enter');
}

/** The slot of the step's media slots labelled `key`'s label. */
function mediaSlot(page: Page, key: (typeof MEDIA_SLOTS)[number]['key']): Locator {
  const label = MEDIA_SLOTS.find((slot) => slot.key === key)!.label;
  return page.getByRole('group', { name: label, exact: true });
}

describe('after a dialog whose action made its control unusable, the focus goes near it', () => {
  it('MyMerchant dashboard: Unpublish, then the same card’s Publish', async () => {
    const title = `After ${uniqueLetters()} Unpublish`;
    const profile = await newMerchantProfile(title);
    await updateMerchantProfile(api, profile.id, { publishLive: 1, publishTest: 1 });
    const page = await signedInAt(paths.mm.dashboard.path);
    const card = page.getByRole('article', { name: title });
    await card.getByText(MERCHANT_TEXT.published_indicator, { exact: true }).waitFor();
    await pressEnterOn(card.getByRole('button', { name: PROFILE_CARD_TEXT.unpublish }));
    await answerDialog(page, UNPUBLISH_CONFIRM);
    await answerDialog(page, MERCHANT_TEXT.unpublished, {
      message: MERCHANT_TEXT.unpublishedDetail,
    });
    await card.getByText(MERCHANT_TEXT.notPublished_indicator, { exact: true }).waitFor();
    await waitForFocus(card.getByRole('button', { name: PROFILE_CARD_TEXT.publish }));
    await page.context().close();
  });

  it('MyMerchant Summary: Publish, disabled once published, then Export', async () => {
    const profile = await newMerchantProfile('Focus after publish');
    const page = await signedInAt(withId(paths.mm.wizard.summary, profile.id));
    const publish = page.getByRole('button', { name: MERCHANT_SUMMARY_LABEL.publish, exact: true });
    await pressEnterOn(publish);
    await answerDialog(page, MERCHANT_TEXT.successTitle, { message: MERCHANT_TEXT.publishedNow });
    await waitForFocus(
      page.getByRole('button', { name: MERCHANT_SUMMARY_LABEL.export, exact: true }),
    );
    expect(await publish.isDisabled()).toBe(true);
    await page.context().close();
  });

  it('MyMerchant Media: Upload, then Remove; Remove, then Browse', async () => {
    const profile = await newMerchantProfile('Focus after upload');
    const page = await signedInAt(withId(paths.mm.wizard.media, profile.id));
    await stepHeading(page, MEDIA_TEXT.title).waitFor();
    const slot = mediaSlot(page, 'logo');
    await slot.locator('input[type="file"]').setInputFiles({
      name: 'small.png',
      mimeType: 'image/png',
      buffer: solidPng(24, 24, [10, 120, 200]),
    });
    await pressEnterOn(
      slot.getByRole('button', { name: IMAGE_SLOT_CAPTION.ready('small.png'), exact: true }),
    );
    await answerDialog(page, MERCHANT_TEXT.successTitle, {
      message: MERCHANT_TEXT.fileUploaded('Logo'),
    });
    const remove = slot.getByRole('button', { name: 'Remove', exact: true });
    await waitForFocus(remove);

    await remove.press('Enter');
    await answerDialog(page, MERCHANT_TEXT.successTitle, { message: MERCHANT_TEXT.logoRemoved });
    await waitForFocus(slot.getByRole('button', { name: 'Browse', exact: true }));
    await page.context().close();
  });
});

describe('a file the server refuses is let go from its slot', () => {
  it('MyJournal Media: text named .png, then Save & Continue moves on without asking', async () => {
    const profile = await api.call<JournalProfile>(
      'POST',
      `${JOURNAL_PATHS.profiles}?returnBody=true`,
      {
        programId: PROGRAM.id,
        siteUrl: `after-${uniqueLetters().toLowerCase()}`,
        themeId: THEME.DARK,
        expirationDateCount: 0,
        title: 'Refused file',
        description: 'A site offered a file that is not an image.',
      },
    );
    const page = await signedInAt(withId(paths.mj.wizard.media, profile.profileId));
    const slot = mediaSlot(page, 'logo');
    await slot.locator('input[type="file"]').setInputFiles({
      name: 'notimage.png',
      mimeType: 'image/png',
      buffer: Buffer.from('This is text, not an image.\n'),
    });
    await pressEnterOn(
      slot.getByRole('button', { name: IMAGE_SLOT_CAPTION.ready('notimage.png'), exact: true }),
    );
    await answerDialog(page, DIALOG_TEXT.errorTitle, { message: ERROR_MESSAGE.unsupportedMedia });
    await slot.getByRole('button', { name: IMAGE_SLOT_CAPTION.empty, exact: true }).waitFor();
    await waitForFocus(slot.getByRole('button', { name: 'Browse', exact: true }));

    await page.getByRole('button', { name: SAVE_AND_CONTINUE, exact: true }).click();
    await answerDialog(page, DIALOG_TEXT.successTitle, { message: JOURNAL_TEXT.updateProfile });
    await stepHeading(page, 'Appearance').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });
});

describe('MyMerchant Site Pages: Edit moves the focus to the page’s panel', () => {
  it('focuses the heading of the panel that Edit opened', async () => {
    const profile = await newMerchantProfile('Focus on the panel');
    const page = await signedInAt(withId(paths.mm.wizard.page, profile.id));
    await stepHeading(page, SITE_PAGES_TEXT.title).waitFor();
    const edit = page.getByRole('button', { name: SITE_PAGES_TEXT.editPage('Home') });
    await pressEnterOn(edit);
    expect(await edit.getAttribute('aria-expanded')).toBe('true');
    await waitForFocus(
      pagePanel(page, 'Home').getByRole('heading', { name: SITE_PAGES_TEXT.panel('Home') }),
    );
    // Tab goes on into the panel's first field, not through the rest of the list.
    await page.keyboard.press('Tab');
    await waitForFocus(pagePanel(page, 'Home'), { within: true });
    await page.context().close();
  });
});
