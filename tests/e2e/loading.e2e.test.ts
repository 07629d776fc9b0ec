import type { Page } from 'playwright-core';
import { LOGIN_TEXT } from '@/config/texts';
import { signIn } from './support/journal';
import { browserSuite } from './support/suite';

/*
 * What the pages load: the login screen only the files its HTML names, and the journal
 * dashboard neither the rich-text editor (TipTap and ProseMirror) nor the colour picker
 * (react-colorful): the steps that show them load them (journal and rich-text browser tests).
 */

const suite = browserSuite();

interface Loaded {
  path: string;
  body: string;
}

/** Every script and stylesheet the page loads, with its text. */
function recordAssets(page: Page): Loaded[] {
  const loaded: Loaded[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!/\.(js|css)$/.test(pathname)) return;
    void response.text().then((body) => loaded.push({ path: pathname, body }));
  });
  return loaded;
}

describe('what the admin app loads', () => {
  it('loads only the files the login page names until sign-in', async () => {
    const { page, errors } = await suite.newPage();
    const loaded = recordAssets(page);
    const html = await (await fetch(`${suite.baseUrl}/`)).text();
    const named = [...html.matchAll(/(?:src|href)=["']?\/?(assets\/[^"'\s>]+\.(?:js|css))/g)].map(
      (match) => `/${match[1]}`,
    );
    expect(named).toEqual(
      expect.arrayContaining([expect.stringMatching(/\.js$/), expect.stringMatching(/\.css$/)]),
    );

    await page.goto(`${suite.baseUrl}/#/my-journal/dashboard`);
    await page.getByRole('button', { name: LOGIN_TEXT.submit }).waitFor();
    await page.waitForLoadState('networkidle');
    // Signed out, any route shows the login screen at the login route.
    expect(new URL(page.url()).hash).toBe('#/');
    expect(loaded.map((asset) => asset.path).sort()).toEqual([...named].sort());
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('opens the journal dashboard without the rich-text editor or the colour picker', async () => {
    const { page, errors } = await suite.newPage();
    const loaded = recordAssets(page);
    await signIn(page, suite.baseUrl);
    await page.waitForLoadState('networkidle');
    const scripts = loaded.filter((asset) => asset.path.endsWith('.js'));
    // The app's chunk and the journal area's came after sign-in.
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts) {
      expect({ path: script.path, tipTap: script.body.includes('ProseMirror') }).toEqual({
        path: script.path,
        tipTap: false,
      });
      expect({ path: script.path, picker: script.body.includes('react-colorful') }).toEqual({
        path: script.path,
        picker: false,
      });
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
