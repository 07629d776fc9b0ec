import type { Page } from 'playwright-core';
import { MERCHANT_PATHS, MERCHANT_SITE_PATHS, MERCHANT_TEXT } from '@contracts/api/merchant';
import type { FaultInput } from '@contracts/api/mock-faults';
import { paths, withId } from '@/config/paths';
import { MERCHANT_SUMMARY_LABEL } from '@/features/my-merchant/components/steps/summary-step';
import { addFault as addFaultAt } from './support/faults';
import { createPlainScheme } from './support/imports';
import { answerDialog, JournalApi, openRoute, signIn } from './support/journal';
import { createMerchantProfile } from './support/merchant';
import { SchemeApi, uniqueLetters } from './support/schemes';
import { browserSuite } from './support/suite';

/**
 * A publish whose last call fails, in Chromium against the real server (docs/decisions.md,
 * "A publish whose last call fails is taken back"): the operator gets "Error" / "Something went
 * wrong", the site is not served, and Publish can be tried again. The failure comes from the
 * developer tools' faults (docs/developer-tools.md, "Faults and latency").
 */

// The browser tests' server runs with NODE_ENV=production, where the tools are off unless asked.
const suite = browserSuite({ env: { MOCK_CONTROL: 'true' } });
const api = JournalApi.forSuite(suite);
const schemes = SchemeApi.forSuite(suite);

const addFault = (input: FaultInput) => addFaultAt(suite.baseUrl, input);

/** The public site's status: 200 when served, 404 when not published. */
async function siteStatus(url: string): Promise<number> {
  const answer = await fetch(`${suite.baseUrl}${MERCHANT_SITE_PATHS.site(url)}`);
  return answer.status;
}

/** Waits until the summary's Publish button shows and can be pressed. */
async function publishEnabled(page: Page): Promise<void> {
  await page.waitForFunction(
    (label) =>
      [...document.querySelectorAll('button')].some(
        (button) => button.textContent === label && !button.disabled,
      ),
    MERCHANT_SUMMARY_LABEL.publish,
  );
}

describe('MyMerchant: the publish record fails', () => {
  it('says "Something went wrong", leaves the site unpublished, and Publish works again', async () => {
    const programId = await createPlainScheme(schemes, `Pubfail ${uniqueLetters()}`);
    const url = `mm-pubfail-${uniqueLetters().toLowerCase()}`;
    const profile = await createMerchantProfile(api, {
      programId,
      testURL: url,
      siteTitle: 'Publish failure',
    });
    const { page } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, withId(paths.mm.wizard.summary, profile.id));
    await publishEnabled(page);

    await addFault({
      method: 'POST',
      path: `/api${MERCHANT_PATHS.publishLive}`,
      status: 500,
      times: 1,
    });
    const publish = page.getByRole('button', { name: MERCHANT_SUMMARY_LABEL.publish, exact: true });
    await publish.click();
    await answerDialog(page, MERCHANT_TEXT.errorTitle, { message: MERCHANT_TEXT.publishFailed });

    const stored = await api.call<{ publishLive: number; publishTest: number }>(
      'GET',
      MERCHANT_PATHS.profile(profile.id),
    );
    expect(stored).toMatchObject({ publishLive: 0, publishTest: 0 });
    expect(await siteStatus(url)).toBe(404);
    await publishEnabled(page);

    await publish.click();
    await answerDialog(page, MERCHANT_TEXT.successTitle, { message: MERCHANT_TEXT.publishedNow });
    expect(await siteStatus(url)).toBe(200);
    await page.context().close();
  });
});
