import type { Page } from 'playwright-core';
import { ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { SCHEME_PATHS, SCHEME_TEXT, type Scheme } from '@contracts/api/schemes';
import { GENERAL_LABEL } from '@/features/schemes/lib/scheme-texts';
import { openRoute, signIn } from './support/journal';
import {
  SchemeApi,
  expectValue,
  field,
  saveButton,
  stepRoute,
  uniqueLetters,
  unexpectedErrors,
} from './support/schemes';
import { browserSuite } from './support/suite';

/**
 * Two operators (two browser contexts, two sessions) on one scheme's General Settings against
 * the real server: the later save of a stale form is refused and keeps what was typed; the
 * next save stores both operators' changes (docs/decisions.md, "Concurrent edits").
 */

const suite = browserSuite();
const api = SchemeApi.forSuite(suite);

it('a stale General Settings save is refused, and the save after it keeps both changes', async () => {
  const name = `Conc ${uniqueLetters()}`;
  const client = await api.createClient(`${name} Client`);
  const programId = await api.createScheme('gift', client.clientId, name);
  const route = stepRoute('gift', 'general', programId);

  const a = await suite.newPage();
  const b = await suite.newPage();
  for (const { page } of [a, b]) {
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, route);
    await expectValue(page, GENERAL_LABEL.city, 'SYDNEY');
  }

  // B changes the city and saves.
  await field(b.page, GENERAL_LABEL.city).fill('MELBOURNE');
  await saveButton(b.page).click();
  await closeDialog(b.page, SCHEME_TEXT.successTitle, SCHEME_TEXT.schemeUpdated);

  // A, still on the form opened before, changes only the mobile and saves: refused.
  await field(a.page, GENERAL_LABEL.mobile).fill('0499999999');
  await saveButton(a.page).click();
  await closeDialog(a.page, SCHEME_TEXT.errorTitle(ERROR_CODE.CONFLICT), ERROR_MESSAGE.staleRecord);
  let stored = await api.call<Scheme>('GET', SCHEME_PATHS.scheme(programId));
  expect({ city: stored.city, mobile: stored.mobile }).toEqual({
    city: 'MELBOURNE',
    mobile: '0412345678',
  });

  // A's form now shows B's city and keeps A's mobile; saving again stores both.
  await expectValue(a.page, GENERAL_LABEL.city, 'MELBOURNE');
  await expectValue(a.page, GENERAL_LABEL.mobile, '0499999999');
  await saveButton(a.page).click();
  await closeDialog(a.page, SCHEME_TEXT.successTitle, SCHEME_TEXT.schemeUpdated);
  stored = await api.call<Scheme>('GET', SCHEME_PATHS.scheme(programId));
  expect({ city: stored.city, mobile: stored.mobile }).toEqual({
    city: 'MELBOURNE',
    mobile: '0499999999',
  });

  // B opens the step again and sees A's mobile without a reload.
  await b.page.getByRole('link', { name: SCHEME_TEXT.tabs.general }).first().click();
  await expectValue(b.page, GENERAL_LABEL.mobile, '0499999999');

  // The 412 is an answer the screen handles: the browser logs it, nothing else.
  for (const { errors } of [a, b]) {
    expect(unexpectedErrors(errors).filter((error) => !/\b412\b/.test(error))).toEqual([]);
  }
});

async function closeDialog(page: Page, title: string, text: string) {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await dialog.waitFor();
  await dialog.getByText(text, { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}
