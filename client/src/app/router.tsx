import type { ComponentType } from 'react';
import { createHashRouter, type RouteObject } from 'react-router-dom';
import { paths, type RouteEntry } from '@/config/paths';
import { listenBeforeTheRouter } from '@/lib/navigation/typed-address';
import { FallbackRoute, LoginRoute, RedirectTo, RequireSession } from './routes/session-routes';
import { RouteError, RouteLoading } from './routes/route-states';

/*
 * The login screen loads only what it needs: the main layout and each area are separate,
 * lazily loaded chunks (one module per area).
 */
const loadLayout = () => import(/* webpackChunkName: "main-layout" */ './layout/main-layout');
const loadJournal = () =>
  import(/* webpackChunkName: "my-journal" */ '@/features/my-journal/components/journal-area');
const loadMerchant = () =>
  import(/* webpackChunkName: "my-merchant" */ '@/features/my-merchant/components/merchant-area');
const loadSchemes = () =>
  import(/* webpackChunkName: "schemes" */ '@/features/schemes/components/scheme-area');
/** The review of an import's error lines: a chunk of its own, loaded when a review opens. */
const loadImportReview = () =>
  import(
    /* webpackChunkName: "import-review" */ '@/features/schemes/components/review/import-review-screen'
  );

type JournalModule = Awaited<ReturnType<typeof loadJournal>>;
type JournalScreen = {
  [Key in keyof JournalModule]: JournalModule[Key] extends ComponentType ? Key : never;
}[keyof JournalModule];

/** A journal wizard step: its screen comes from the (lazily loaded) journal area module. */
const journalStep = (entry: RouteEntry, screen: JournalScreen): RouteObject => ({
  path: entry.path,
  lazy: async () => ({ Component: (await loadJournal())[screen] }),
});

type SchemeModule = Awaited<ReturnType<typeof loadSchemes>>;
type SchemeScreen = {
  [Key in keyof SchemeModule]: SchemeModule[Key] extends ComponentType ? Key : never;
}[keyof SchemeModule];

/** A scheme wizard step: its screen comes from the (lazily loaded) scheme area module. */
const schemeStep = (entry: RouteEntry, screen: SchemeScreen): RouteObject => ({
  path: entry.path,
  lazy: async () => ({ Component: (await loadSchemes())[screen] }),
});

type MerchantModule = Awaited<ReturnType<typeof loadMerchant>>;
type MerchantScreen = {
  [Key in keyof MerchantModule]: MerchantModule[Key] extends ComponentType ? Key : never;
}[keyof MerchantModule];

/** A merchant wizard step: its screen comes from the (lazily loaded) merchant area module. */
const merchantStep = (entry: RouteEntry, screen: MerchantScreen): RouteObject => ({
  path: entry.path,
  lazy: async () => ({ Component: (await loadMerchant())[screen] }),
});

const mj = paths.mj.wizard;
const mm = paths.mm.wizard;
const gift = paths.gift.wizard;
const loyalty = paths.loyalty.wizard;

export const appRoutes: RouteObject[] = [
  {
    ErrorBoundary: RouteError,
    children: [
      { path: paths.login.path, Component: LoginRoute },
      {
        // main: abstract, reached by any user holding a token.
        Component: RequireSession,
        HydrateFallback: RouteLoading,
        children: [
          {
            lazy: async () => ({ Component: (await loadLayout()).MainLayout }),
            children: [
              {
                path: paths.mj.dashboard.path,
                lazy: async () => ({ Component: (await loadJournal()).JournalDashboard }),
              },
              {
                path: mj.path,
                lazy: async () => ({ Component: (await loadJournal()).JournalWizard }),
                children: [
                  { index: true, element: <RedirectTo to={mj.setup.path} /> },
                  journalStep(mj.setup, 'ClientSetupStep'),
                  journalStep(mj.setting, 'SiteSettingsStep'),
                  journalStep(mj.page, 'SitePagesStep'),
                  journalStep(mj.media, 'MediaStep'),
                  journalStep(mj.summary, 'SummaryStep'),
                  {
                    path: mj.editor.path,
                    children: [
                      { index: true, element: <RedirectTo to={mj.editor.font.path} /> },
                      journalStep(mj.editor.font, 'AppearanceEditorStep'),
                      journalStep(mj.editor.login, 'LoginEditorStep'),
                      journalStep(mj.editor.location, 'LocationEditorStep'),
                      journalStep(mj.editor.terms, 'TermsEditorStep'),
                      journalStep(mj.editor.faq, 'FaqEditorStep'),
                      journalStep(mj.editor.policy, 'PolicyEditorStep'),
                      journalStep(mj.editor.css, 'CssEditorStep'),
                    ],
                  },
                ],
              },
              {
                path: paths.mm.dashboard.path,
                lazy: async () => ({ Component: (await loadMerchant()).MerchantDashboard }),
              },
              {
                path: mm.path,
                lazy: async () => ({ Component: (await loadMerchant()).MerchantWizard }),
                children: [
                  { index: true, element: <RedirectTo to={mm.setup.path} /> },
                  merchantStep(mm.setup, 'ClientSetupStep'),
                  merchantStep(mm.setting, 'SiteSettingsStep'),
                  merchantStep(mm.page, 'SitePagesStep'),
                  merchantStep(mm.media, 'MediaStep'),
                  merchantStep(mm.editor, 'SiteEditorStep'),
                  merchantStep(mm.summary, 'SummaryStep'),
                ],
              },
              {
                path: paths.gift.dashboard.path,
                lazy: async () => ({ Component: (await loadSchemes()).SchemeDashboard }),
              },
              {
                path: gift.path,
                lazy: async () => ({ Component: (await loadSchemes()).SchemeWizard }),
                children: [
                  { index: true, element: <RedirectTo to={gift.setup.path} /> },
                  schemeStep(gift.setup, 'ClientSetupStep'),
                  schemeStep(gift.general, 'GeneralSettingsStep'),
                  schemeStep(gift.config, 'ConfigurationStep'),
                  schemeStep(gift.upload, 'StoresDevicesStep'),
                  schemeStep(gift.financial, 'FinancialSettlementStep'),
                  schemeStep(gift.liability, 'LiabilityStep'),
                  schemeStep(gift.summary, 'SummaryStep'),
                  {
                    path: gift.review.path,
                    lazy: async () => ({
                      Component: (await loadImportReview()).ImportReviewScreen,
                    }),
                  },
                ],
              },
              {
                path: paths.loyalty.dashboard.path,
                lazy: async () => ({ Component: (await loadSchemes()).SchemeDashboard }),
              },
              {
                path: loyalty.path,
                lazy: async () => ({ Component: (await loadSchemes()).SchemeWizard }),
                children: [
                  { index: true, element: <RedirectTo to={loyalty.setup.path} /> },
                  schemeStep(loyalty.setup, 'ClientSetupStep'),
                  schemeStep(loyalty.general, 'GeneralSettingsStep'),
                  schemeStep(loyalty.config, 'ConfigurationStep'),
                  schemeStep(loyalty.upload, 'StoresDevicesStep'),
                  schemeStep(loyalty.financial, 'FinancialSettlementStep'),
                  schemeStep(loyalty.liability, 'LiabilityStep'),
                  schemeStep(loyalty.basecampaign, 'BaseCampaignStep'),
                  schemeStep(loyalty.summary, 'SummaryStep'),
                  {
                    path: loyalty.review.path,
                    lazy: async () => ({
                      Component: (await loadImportReview()).ImportReviewScreen,
                    }),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', Component: FallbackRoute },
    ],
  },
];

/** Hash-based URLs, no push state (01 §2.1). */
/** The app's router, made after the listener of moves it does not make (lib/navigation/typed-address). */
export const createAppRouter = () => {
  listenBeforeTheRouter();
  return createHashRouter(appRoutes);
};
export type AppRouter = ReturnType<typeof createAppRouter>;
