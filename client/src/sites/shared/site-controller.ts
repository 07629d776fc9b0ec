/**
 * What both published sites do with the address (journal and merchant): read the site's
 * address from the hash, load the site, show the page the hash names; moving between pages
 * changes only the hash, and the site is loaded again only when the address names another
 * site. An unknown or unpublished site, or one that failed to load, says so.
 */
import { h, replaceChildren } from './dom';
import { clearSiteHead } from './site-head';
import { parseSiteHash, type SiteRoute } from './site-route';

export type SiteLoad<S> =
  | { kind: 'site'; site: S }
  /** No such site, or not published: the server's message says which. */
  | { kind: 'missing'; message: string | undefined }
  | { kind: 'failed' };

export interface SiteTexts {
  notPublishedTitle: string;
  unknownSite: string;
  loading: string;
  loadFailed: string;
}

export interface SiteDefinition<S> {
  texts: SiteTexts;
  load(siteUrl: string): Promise<SiteLoad<S>>;
  urlOf(site: S): string;
  applyHead(doc: Document, site: S): void;
  /** Fills root with the route's page and answers the document's title. */
  render(root: HTMLElement, site: S, route: SiteRoute): string;
}

export interface PublishedSite {
  /** Stops following the hash (tests; a page never needs it). */
  stop(): void;
  /** Resolves once the current address is shown. */
  ready(): Promise<void>;
}

/** The page shown for an unknown or unpublished site, or one that failed to load. */
export function unavailableLayout(title: string, message: string): HTMLElement[] {
  return [
    h(
      'main',
      { id: 'main', class: 'unavailable' },
      h('h1', { class: 'title' }, title),
      h('p', {}, message),
    ),
  ];
}

export function loadingLayout(text: string): HTMLElement[] {
  return [h('main', { id: 'main', 'aria-busy': 'true' }, h('p', {}, text))];
}

export function startPublishedSite<S>(
  root: HTMLElement,
  win: Window,
  definition: SiteDefinition<S>,
): PublishedSite {
  const { texts } = definition;
  const doc = root.ownerDocument;
  let site: S | undefined;
  let shown: Promise<void> = Promise.resolve();
  /** Counts navigations, so a slow answer for an old address is dropped. */
  let generation = 0;

  const showUnavailable = (message: string) => {
    site = undefined;
    clearSiteHead(doc);
    doc.title = texts.notPublishedTitle;
    replaceChildren(root, ...unavailableLayout(texts.notPublishedTitle, message));
  };

  const showPage = (loaded: S, route: SiteRoute, moveFocus: boolean) => {
    doc.title = definition.render(root, loaded, route);
    // The page's heading has tabindex -1: a screen reader starts on the new page.
    if (moveFocus) root.querySelector<HTMLElement>('h1')?.focus();
  };

  const show = async (moveFocus: boolean): Promise<void> => {
    generation += 1;
    const mine = generation;
    const route = parseSiteHash(win.location.hash);
    if (route === undefined) {
      showUnavailable(texts.unknownSite);
      return;
    }
    if (site !== undefined && definition.urlOf(site) === route.siteUrl) {
      showPage(site, route, moveFocus);
      return;
    }
    doc.title = texts.loading;
    replaceChildren(root, ...loadingLayout(texts.loading));
    const result = await definition.load(route.siteUrl);
    if (mine !== generation) return;
    if (result.kind === 'site') {
      site = result.site;
      definition.applyHead(doc, result.site);
      showPage(result.site, route, false);
    } else if (result.kind === 'missing') {
      showUnavailable(result.message ?? texts.unknownSite);
    } else {
      showUnavailable(texts.loadFailed);
    }
  };

  const onHashChange = () => {
    shown = show(true);
  };
  win.addEventListener('hashchange', onHashChange);
  shown = show(false);

  return {
    stop: () => win.removeEventListener('hashchange', onHashChange),
    ready: () => shown,
  };
}
