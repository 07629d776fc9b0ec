/**
 * Typed route table: every screen's state name (as the spec names it) and its hash path.
 * Links and redirects use these entries, never hand-built strings (docs/architecture.md, "The
 * client").
 *
 * Scheme wizard paths are not given by the spec (03 §2 names the states only); chosen here:
 *   setup → client-setup, general → general-settings, config → configuration,
 *   upload → stores-devices, financial → financial-settlement, liability → liability-reports,
 *   basecampaign → base-campaign (loyalty only), summary → summary; and, not a step, the review
 *   of an import's error lines → review-errors.
 */

export interface RouteEntry<Name extends string = string, Path extends string = string> {
  /** State name, e.g. `main.mj.wizard.setup`. */
  readonly name: Name;
  /** Absolute path inside the hash, e.g. `/my-journal/wizard/client-setup`. */
  readonly path: Path;
}

const route = <N extends string, P extends string>(name: N, path: P): RouteEntry<N, P> => ({
  name,
  path,
});

const schemeWizard = <A extends 'gift' | 'loyalty', B extends string>(area: A, base: B) => ({
  ...route(`main.${area}.wizard`, `${base}/wizard`),
  setup: route(`main.${area}.wizard.setup`, `${base}/wizard/client-setup`),
  general: route(`main.${area}.wizard.general`, `${base}/wizard/general-settings`),
  config: route(`main.${area}.wizard.config`, `${base}/wizard/configuration`),
  upload: route(`main.${area}.wizard.upload`, `${base}/wizard/stores-devices`),
  financial: route(`main.${area}.wizard.financial`, `${base}/wizard/financial-settlement`),
  liability: route(`main.${area}.wizard.liability`, `${base}/wizard/liability-reports`),
  summary: route(`main.${area}.wizard.summary`, `${base}/wizard/summary`),
  /** Not a tab: the review of an import's error lines, opened from Stores & Devices or Summary. */
  review: route(`main.${area}.wizard.review`, `${base}/wizard/review-errors`),
});

export const paths = {
  login: route('login', '/'),
  mj: {
    ...route('main.mj', '/my-journal'),
    dashboard: route('main.mj.dashboard', '/my-journal/dashboard'),
    wizard: {
      ...route('main.mj.wizard', '/my-journal/wizard'),
      setup: route('main.mj.wizard.setup', '/my-journal/wizard/client-setup'),
      setting: route('main.mj.wizard.setting', '/my-journal/wizard/site-setting'),
      page: route('main.mj.wizard.page', '/my-journal/wizard/page-select'),
      media: route('main.mj.wizard.media', '/my-journal/wizard/media-upload'),
      editor: {
        ...route('main.mj.wizard.editor', '/my-journal/wizard/site-editor'),
        font: route('main.mj.wizard.editor.font', '/my-journal/wizard/site-editor/font-editor'),
        login: route('main.mj.wizard.editor.login', '/my-journal/wizard/site-editor/login-editor'),
        location: route(
          'main.mj.wizard.editor.location',
          '/my-journal/wizard/site-editor/location-editor',
        ),
        terms: route('main.mj.wizard.editor.terms', '/my-journal/wizard/site-editor/terms-editor'),
        faq: route('main.mj.wizard.editor.faq', '/my-journal/wizard/site-editor/faq-editor'),
        policy: route(
          'main.mj.wizard.editor.policy',
          '/my-journal/wizard/site-editor/policy-editor',
        ),
        css: route('main.mj.wizard.editor.css', '/my-journal/wizard/site-editor/css-editor'),
      },
      summary: route('main.mj.wizard.summary', '/my-journal/wizard/summary'),
    },
  },
  mm: {
    ...route('main.mm', '/my-merchant'),
    dashboard: route('main.mm.dashboard', '/my-merchant/dashboard'),
    wizard: {
      ...route('main.mm.wizard', '/my-merchant/wizard'),
      setup: route('main.mm.wizard.setup', '/my-merchant/wizard/client-setup'),
      setting: route('main.mm.wizard.setting', '/my-merchant/wizard/site-setting'),
      page: route('main.mm.wizard.page', '/my-merchant/wizard/page-select'),
      media: route('main.mm.wizard.media', '/my-merchant/wizard/media-upload'),
      editor: route('main.mm.wizard.editor', '/my-merchant/wizard/site-editor'),
      summary: route('main.mm.wizard.summary', '/my-merchant/wizard/summary'),
    },
  },
  gift: {
    ...route('main.gift', '/gift-card'),
    dashboard: route('main.gift.dashboard', '/gift-card/dashboard'),
    wizard: schemeWizard('gift', '/gift-card'),
  },
  loyalty: {
    ...route('main.loyalty', '/loyalty'),
    dashboard: route('main.loyalty.dashboard', '/loyalty/dashboard'),
    wizard: {
      ...schemeWizard('loyalty', '/loyalty'),
      basecampaign: route('main.loyalty.wizard.basecampaign', '/loyalty/wizard/base-campaign'),
    },
  },
} as const;

/** Where unknown routes and signed-out users go (01 §2.1, §9). */
export const FALLBACK_PATH = paths.login.path;
/** Where a successful login lands (01 §2.1). */
export const HOME_PATH = paths.mj.dashboard.path;

/** A route's path with the optional `id` query parameter the wizards take. */
export function withId(entry: RouteEntry | string, id?: number | string | null): string {
  const path = typeof entry === 'string' ? entry : entry.path;
  return id === undefined || id === null || id === ''
    ? path
    : `${path}?id=${encodeURIComponent(id)}`;
}

function collect(node: object, into: RouteEntry[]): RouteEntry[] {
  const entry = node as Partial<RouteEntry>;
  if (typeof entry.name === 'string' && typeof entry.path === 'string') {
    into.push({ name: entry.name, path: entry.path });
  }
  for (const child of Object.values(node)) {
    if (child && typeof child === 'object') collect(child, into);
  }
  return into;
}

/** Every entry of the table, parents included. */
export const allRoutes: readonly RouteEntry[] = collect(paths, []);

/** State name of a path (`/gift-card/wizard/summary` → `main.gift.wizard.summary`), if any. */
export function stateNameOf(pathname: string): string | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return allRoutes.find((r) => r.path === clean)?.name;
}

/** True when `stateName` is `prefix` or one of its descendants (`main.mj` covers `main.mj.x`). */
export function stateStartsWith(stateName: string | undefined, prefix: string): boolean {
  return stateName !== undefined && (stateName === prefix || stateName.startsWith(`${prefix}.`));
}
