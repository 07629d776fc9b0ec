/**
 * The Locations page's store locator (spec README "Site builders"): a search box over the
 * program's imported stores, by name, city or postcode, one page of results at a time (never
 * all stores: a program may have a million), with Previous and Next. The search runs on
 * submit; opening the page shows the first page of every store.
 */
import {
  MERCHANT_SITE_TEXT,
  STORE_SEARCH,
  type PublicStore,
  type StoreSearchAnswer,
} from '@contracts/api/merchant-site';
import { queryWords } from '@contracts/site/store-query';
import { h, replaceChildren } from '../shared/dom';
import { searchStores, type StoreQuery } from './site-api';

const SEARCH_ID = 'storeSearch';
const RESULTS_HEADING_ID = 'storeResultsHeading';

function storeItem(store: PublicStore): HTMLLIElement {
  const place = [store.suburb, store.city, store.state, store.postcode]
    .filter((part): part is string => part !== null && part !== '')
    .join(', ');
  return h(
    'li',
    { class: 'store' },
    h('h3', { class: 'subTitle storeName' }, store.storeName),
    h('p', { class: 'storeAddress' }, store.address, h('br'), place),
    store.phone !== null &&
      store.phone !== '' &&
      h('p', { class: 'storePhone' }, `${MERCHANT_SITE_TEXT.phone}: ${store.phone}`),
  );
}

export interface StoreLocatorOptions {
  /** Search at once (the site); false shows the empty locator (the builders' preview). */
  searchNow?: boolean;
}

export function createStoreLocator(
  siteUrl: string,
  { searchNow = true }: StoreLocatorOptions = {},
): HTMLElement {
  const input = h('input', {
    id: SEARCH_ID,
    name: 'q',
    type: 'search',
    autocomplete: 'off',
    maxlength: String(STORE_SEARCH.maxQueryLength),
    'aria-describedby': 'storeMessage',
  });
  const button = h(
    'button',
    { type: 'submit', class: 'btnPrimary' },
    MERCHANT_SITE_TEXT.searchButton,
  );
  const form = h(
    'form',
    { class: 'storeSearch', role: 'search', novalidate: true },
    h('label', { for: SEARCH_ID }, MERCHANT_SITE_TEXT.searchLabel),
    h('div', { class: 'storeSearchRow' }, input, button),
  );
  // Both regions exist from the start so screen readers announce what is put in them.
  const message = h('div', { id: 'storeMessage', class: 'storeMessage', role: 'alert' });
  const status = h('p', { class: 'storeStatus', role: 'status' });
  const results = h('div', { class: 'storeResults' });

  let query: StoreQuery = { q: '', page: 1, size: STORE_SEARCH.defaultSize };
  /** Counts searches, so a slow answer to an older one is dropped. */
  let generation = 0;

  const pager = (answer: StoreSearchAnswer): HTMLElement => {
    const { number, hasNext } = answer.page;
    const previous = h(
      'button',
      { type: 'button', disabled: number <= 1 },
      MERCHANT_SITE_TEXT.previousPage,
    );
    const next = h('button', { type: 'button', disabled: !hasNext }, MERCHANT_SITE_TEXT.nextPage);
    previous.addEventListener('click', () => void run({ ...query, page: number - 1 }, true));
    next.addEventListener('click', () => void run({ ...query, page: number + 1 }, true));
    return h(
      'nav',
      { class: 'storePager', 'aria-label': MERCHANT_SITE_TEXT.pageNavigation },
      previous,
      next,
    );
  };

  const show = (answer: StoreSearchAnswer, moveFocus: boolean) => {
    const stores = answer._embedded.stores;
    if (stores.length === 0) {
      status.textContent = MERCHANT_SITE_TEXT.noStores;
      replaceChildren(results);
      return;
    }
    const from = (answer.page.number - 1) * answer.page.size + 1;
    status.textContent = MERCHANT_SITE_TEXT.showing(
      from,
      from + stores.length - 1,
      answer.page.totalElements,
    );
    const heading = h(
      'h2',
      { id: RESULTS_HEADING_ID, class: 'subTitle', tabindex: '-1' },
      MERCHANT_SITE_TEXT.resultsHeading,
    );
    replaceChildren(
      results,
      heading,
      h(
        'ul',
        { class: 'storeList', 'aria-labelledby': RESULTS_HEADING_ID },
        ...stores.map(storeItem),
      ),
      (answer.page.number > 1 || answer.page.hasNext) && pager(answer),
    );
    // After Previous or Next the button is gone with the old page: focus the new results.
    if (moveFocus) heading.focus();
  };

  const run = async (next: StoreQuery, moveFocus: boolean): Promise<void> => {
    generation += 1;
    const mine = generation;
    query = next;
    replaceChildren(message);
    input.removeAttribute('aria-invalid');
    form.setAttribute('aria-busy', 'true');
    status.textContent = MERCHANT_SITE_TEXT.searching;
    const result = await searchStores(siteUrl, next);
    if (mine !== generation) return;
    form.removeAttribute('aria-busy');
    if (result.kind === 'stores') {
      show(result.answer, moveFocus);
      return;
    }
    showError(result.kind === 'refused' ? result.message : MERCHANT_SITE_TEXT.searchFailed);
  };

  /** An error in place of the results: the stores of an earlier search would read as its answer. */
  const showError = (text: string) => {
    status.textContent = '';
    replaceChildren(results);
    replaceChildren(message, h('div', { class: 'storeError' }, text));
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const q = input.value.trim();
    // The words the server searches for, counted as it counts them.
    if (queryWords(q).length > STORE_SEARCH.maxWords) {
      // An answer still on its way belongs to the search this one replaces.
      generation += 1;
      form.removeAttribute('aria-busy');
      showError(MERCHANT_SITE_TEXT.tooManyWords);
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    void run({ ...query, q, page: 1 }, false);
  });

  const locator = h('section', { class: 'storeLocator' }, form, message, status, results);
  if (searchNow) void run(query, false);
  return locator;
}
