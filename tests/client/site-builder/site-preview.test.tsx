import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublishedJournalSite } from '@contracts/api/journal';
import { MERCHANT_PAGE_TYPE } from '@contracts/api/merchant';
import { applyAppearance, readAppearance } from '@contracts/site/stylesheet';
import { defaultJournalAppearance, defaultJournalStylesheet } from '@contracts/site/style-model';
import { ALL_PAGE_PARTS, AppearanceForm } from '@/components/site-builder/appearance-form';
import { CssEditorForm } from '@/components/site-builder/css-editor-form';
import { SitePreview } from '@/components/site-builder/site-preview';
import { journalPreviewPage } from '@/sites/journal/site-preview';
import { merchantPreviewPage } from '@/sites/merchant/site-preview';

/**
 * The builders' live preview: the site's page drawn by the published site's own
 * layout code, with the stylesheet being edited, in a frame where no script runs.
 */

const HOSTILE = '<script>window.parent.hacked = true</script>';

function site(overrides: Partial<PublishedJournalSite> = {}): PublishedJournalSite {
  return {
    siteUrl: 'preview-site',
    title: 'Harbour Gifts',
    keywords: null,
    description: null,
    clientWebsite: null,
    themeId: 1,
    logo: null,
    headerImg: null,
    favIcon: null,
    backgroundImg: null,
    fonts: [],
    pages: [
      {
        pageTypeId: 10,
        name: 'FAQ',
        navItem: null,
        title: 'Questions and answers',
        content: `<p>Cards never expire.</p>${HOSTILE}<img src="x.png" onerror="alert(1)">`,
      },
      { pageTypeId: 14, name: 'Terms', navItem: 'Our terms', title: null, content: null },
    ],
    ...overrides,
  };
}

const frame = () => screen.getByTitle<HTMLIFrameElement>('Preview of the site page');
const srcdoc = () => frame().getAttribute('srcdoc') ?? '';
const previewDocument = () => new DOMParser().parseFromString(srcdoc(), 'text/html');
const copies: HTMLElement[] = [];
afterEach(() => copies.splice(0).forEach((copy) => copy.remove()));

/** The preview's page, copied into this document so it can be queried by role. */
function shownPage(): HTMLElement {
  const holder = document.createElement('div');
  for (const child of previewDocument().body.childNodes) {
    holder.append(document.importNode(child, true));
  }
  document.body.append(holder);
  copies.push(holder);
  return holder;
}
/** The edited stylesheet as the preview holds it (the second <style>, after the site's own). */
const editedStyles = () =>
  previewDocument().querySelector('style[data-preview="stylesheet"]')?.textContent ?? '';

const renderPage = () => journalPreviewPage(site());

describe('SitePreview', () => {
  it('shows the page in a sandboxed frame that runs no script', () => {
    render(<SitePreview css="p { color: #123456; }" render={renderPage} />);
    const sandbox = frame().getAttribute('sandbox');
    expect(sandbox).not.toBeNull();
    expect(sandbox).not.toMatch(/allow-scripts/);
    expect(sandbox).not.toMatch(/allow-forms|allow-popups|allow-top-navigation/);

    const doc = previewDocument();
    const page = shownPage();
    // The published site's layout: the menu of the pages, the first page.
    const nav = within(page).getByRole('navigation', { name: 'Site pages' });
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Our terms' })).toBeInTheDocument();
    expect(
      within(page).getByRole('heading', { level: 1, name: 'Questions and answers' }),
    ).toBeInTheDocument();
    expect(within(page).getByText('Cards never expire.')).toBeInTheDocument();
    expect(doc.body.className).toBe('theme-light');
    // The site's base stylesheet, then the edited one.
    const styles = [...doc.querySelectorAll('style')].map((s) => s.textContent ?? '');
    expect(styles).toHaveLength(2);
    expect(styles[0]).toContain(':where(body)');
    expect(styles[1]).toBe('p { color: #123456; }');
    // A policy of its own: no script at all.
    const csp = doc.querySelector('meta[http-equiv="Content-Security-Policy"]');
    expect(csp?.getAttribute('content')).toMatch(/script-src 'none'/);
    expect(csp?.getAttribute('content')).toMatch(/default-src 'none'/);
  });

  it('holds no script from the profile: not from page content, not from the stylesheet', () => {
    const css = `p { color: red; }</style>${HOSTILE}<style>`;
    render(<SitePreview css={css} render={renderPage} />);
    const doc = previewDocument();
    expect(doc.querySelectorAll('script')).toHaveLength(0);
    expect(doc.querySelectorAll('[onerror]')).toHaveLength(0);
    expect(srcdoc()).not.toMatch(/<script/i);
    // The stylesheet stayed inside its element: `<` became the CSS escape of the same character.
    expect(doc.querySelectorAll('style')).toHaveLength(2);
    expect(editedStyles()).toBe(css.replace(/</g, '\\3c '));
  });

  it('draws the page again with the new styles once typing pauses', async () => {
    const { rerender } = render(<SitePreview css="p { color: #111111; }" render={renderPage} />);
    expect(editedStyles()).toBe('p { color: #111111; }');
    rerender(<SitePreview css="p { color: #222222; }" render={renderPage} />);
    await waitFor(() => expect(editedStyles()).toBe('p { color: #222222; }'));
  });

  it('warns of text below the WCAG AA contrast, read from the stylesheet', async () => {
    const appearanceOf = (css: string) => readAppearance(css, 1);
    const readable = defaultJournalStylesheet(1);
    const { rerender } = render(
      <SitePreview css={readable} render={renderPage} appearanceOf={appearanceOf} />,
    );
    expect(screen.queryByText(/below the WCAG AA minimum/)).not.toBeInTheDocument();
    const faint = `${readable}\np { color: #aaaaaa; background-color: #ffffff; }`;
    rerender(<SitePreview css={faint} render={renderPage} appearanceOf={appearanceOf} />);
    expect(
      await screen.findByText(
        'Page Text p: Contrast 2.32:1 with the background is below the WCAG AA minimum of 4.5:1',
      ),
    ).toBeVisible();
  });
});

describe('the editors with their preview', () => {
  it('the appearance form previews the settings as they are typed, unsaved', async () => {
    const onSubmit = jest.fn(() => Promise.resolve());
    render(
      <AppearanceForm
        initial={defaultJournalAppearance(1)}
        parts={ALL_PAGE_PARTS}
        submitLabel="Save"
        onSubmit={onSubmit}
        preview={(settings) => (
          <SitePreview
            css={applyAppearance(null, settings, ALL_PAGE_PARTS)}
            render={renderPage}
            appearanceOf={(css) => readAppearance(css, 1)}
          />
        )}
      />,
    );
    const user = userEvent.setup();
    const group = screen.getByRole('group', { name: 'Page Text p' });
    const colour = within(group).getByLabelText('Font colour');
    await user.clear(colour);
    await user.type(colour, '#0a7b3e');
    await waitFor(() => expect(editedStyles()).toMatch(/p\s*\{[^}]*color:\s*#0a7b3e/));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('the CSS editor previews the text as it is typed', async () => {
    render(
      <CssEditorForm
        initialCss=".title { color: #101010; }"
        maxChars={1000}
        submitLabel="Save"
        onSubmit={() => Promise.resolve()}
        preview={(css) => <SitePreview css={css} render={renderPage} />}
      />,
    );
    expect(editedStyles()).toBe('.title { color: #101010; }');
    const area = screen.getByRole('textbox', { name: 'CSS override' });
    const user = userEvent.setup();
    await user.clear(area);
    await user.type(area, 'nav ul li {{ color: #3355aa; }');
    await waitFor(() => expect(editedStyles()).toBe('nav ul li { color: #3355aa; }'));
  });
});

it('a site with a background image shows it on the page as the site does', () => {
  render(
    <SitePreview
      css=""
      render={() => journalPreviewPage(site({ backgroundImg: 'http://img.test/b.png' }))}
    />,
  );
  const doc = previewDocument();
  expect(doc.body.classList.contains('hasBackground')).toBe(true);
  expect(doc.querySelector('style')?.textContent).toContain("url('http://img.test/b.png')");
});

it('the merchant preview shows the Locations page without searching stores', () => {
  const fetchSpy = jest.fn(() => Promise.reject(new Error('no fetch from the preview')));
  const realFetch = globalThis.fetch;
  globalThis.fetch = fetchSpy as unknown as typeof fetch;
  try {
    const page = merchantPreviewPage({
      url: 'coffee-shop',
      title: 'Coffee',
      description: null,
      keywords: null,
      themeId: 2,
      headerLogo: null,
      logo: null,
      favicon: null,
      background: null,
      fonts: [],
      pages: [
        {
          typeId: MERCHANT_PAGE_TYPE.LOCATIONS,
          name: 'Locations',
          navItem: 'Find us',
          title: 'Our stores',
          content: null,
          subPages: [],
        },
      ],
    });
    render(<SitePreview css="" render={() => page} />);
    const doc = previewDocument();
    expect(doc.querySelector('h1')?.textContent).toBe('Our stores');
    expect(doc.querySelector('form[role="search"]')).not.toBeNull();
    expect(doc.body.className).toBe('theme-dark');
    expect(fetchSpy).not.toHaveBeenCalled();
  } finally {
    globalThis.fetch = realFetch;
  }
});
