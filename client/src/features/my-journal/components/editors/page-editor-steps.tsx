import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import type { FormApi } from 'final-form';
import { Link, useNavigate } from 'react-router-dom';
import {
  JOURNAL_LIMITS,
  JOURNAL_PAGE_TYPE,
  JOURNAL_TEXT,
  type JournalPage,
  type JournalProfile,
} from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { ErrorAlert } from '@/components/common/error-alert';
import { LoadingIndicator } from '@/components/common/loading-indicator';
import { PAGE_EDITOR_LABEL, PageTextFields } from '@/components/site-builder/page-text-fields';
import { paths, withId } from '@/config/paths';
import { toStoreError } from '@/lib/api/store-shape';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { KeepChangesForm } from '@/lib/forms/keep-changes-form';
import { FormUnsavedChanges, keepAsSaved } from '@/lib/forms/unsaved-changes';
import {
  useCreateJournalPageMutation,
  useJournalPagesQuery,
  useUpdateJournalPageMutation,
} from '../../api/journal-api';
import { useEditorFlow } from '../../hooks/use-editor-flow';
import { SAVE_AND_CONTINUE } from '../../lib/journal-texts';
import { pageTextsWithDefaults } from '../../lib/page-defaults';
import { showSaveFailure } from '../../lib/save-failures';
import { EditorScreen } from './editor-screen';
import { BusyButton } from '@/components/common/busy-button';

const editor = paths.mj.wizard.editor;

/** Field labels of the page editors: the shared ones (components/site-builder). */
export { PAGE_EDITOR_LABEL };

/** Not in the spec: shown when a page editor is opened for a page the site does not have. */
export const PAGE_NOT_SELECTED = {
  message: 'This page is not part of the site. Select it in Site Pages to edit it here.',
  link: 'Go to Site Pages',
} as const;

interface PageEditorConfig {
  /** The screen's heading: its tab's label. */
  title: string;
  pageTypeId: number;
  /** This editor's route, to find the next enabled one. */
  here: string;
  /** The success text of its save (01 §8). */
  saved: string;
  /** Locations has a navigation item label (01 §2.9). */
  withNavItem?: boolean;
}

interface PageValues {
  navItem?: string;
  title?: string;
  content?: string;
}

const orNull = (text: string | undefined): string | null => (text?.trim() ? text : null);

const LOGIN: PageEditorConfig = {
  title: 'Login Page',
  pageTypeId: JOURNAL_PAGE_TYPE.LOGIN,
  here: editor.login.path,
  saved: JOURNAL_TEXT.loginPageUpdated,
};
const LOCATIONS: PageEditorConfig = {
  title: 'Locations Page',
  pageTypeId: JOURNAL_PAGE_TYPE.LOCATIONS,
  here: editor.location.path,
  saved: JOURNAL_TEXT.locationPageUpdated,
  withNavItem: true,
};
const TERMS: PageEditorConfig = {
  title: 'T&Cs Page',
  pageTypeId: JOURNAL_PAGE_TYPE.TERMS,
  here: editor.terms.path,
  saved: JOURNAL_TEXT.termsPageUpdated,
};
const FAQ: PageEditorConfig = {
  title: 'FAQ',
  pageTypeId: JOURNAL_PAGE_TYPE.FAQ,
  here: editor.faq.path,
  saved: JOURNAL_TEXT.faqPageUpdated,
};
const POLICY: PageEditorConfig = {
  title: 'Privacy Policy Page',
  pageTypeId: JOURNAL_PAGE_TYPE.PRIVACY_POLICY,
  here: editor.policy.path,
  saved: JOURNAL_TEXT.policyPageUpdated,
};

/** Login page editor: title (H1) and content (01 §2.9). */
export function LoginEditorStep() {
  return <PageEditorStep config={LOGIN} />;
}
/** Locations page editor: navigation item label, title and content (01 §2.9). */
export function LocationEditorStep() {
  return <PageEditorStep config={LOCATIONS} />;
}
/** Terms and Conditions editor: title and content (01 §2.9). */
export function TermsEditorStep() {
  return <PageEditorStep config={TERMS} />;
}
/** FAQ editor: title and content (01 §2.9). */
export function FaqEditorStep() {
  return <PageEditorStep config={FAQ} />;
}
/** Privacy Policy editor: title and content (01 §2.9). */
export function PolicyEditorStep() {
  return <PageEditorStep config={POLICY} />;
}

function PageEditorStep({ config }: { config: PageEditorConfig }) {
  return (
    <EditorScreen title={config.title}>
      {(profile) => <PageLoader key={profile.profileId} config={config} profile={profile} />}
    </EditorScreen>
  );
}

/**
 * Loads the profile's pages and picks the page of the editor's type. The pages are read again
 * whenever the editor opens (the cached ones show meanwhile), so its save goes with the ETag of
 * the pages as they are (lib/api/record-etags.ts).
 */
function PageLoader({ config, profile }: { config: PageEditorConfig; profile: JournalProfile }) {
  const { data: pages, error } = useJournalPagesQuery(profile.profileId, {
    refetchOnMountOrArgChange: true,
  });
  if (pages === undefined) {
    return error ? <ErrorAlert error={toStoreError(error)} /> : <LoadingIndicator />;
  }
  const page = pages.find((p) => p.pageTypeId === config.pageTypeId);
  // Login is mandatory (made in step 3): its editor creates it if it is missing. Other pages
  // are edited only while selected; their tabs are disabled otherwise (01 §2.4).
  const isLogin = config.pageTypeId === JOURNAL_PAGE_TYPE.LOGIN;
  if (!isLogin && page?.enabled !== 1) {
    return (
      <Alert variant="info">
        <p>{PAGE_NOT_SELECTED.message}</p>
        <Link to={withId(paths.mj.wizard.page, profile.profileId)} className="alert-link">
          {PAGE_NOT_SELECTED.link}
        </Link>
      </Alert>
    );
  }
  // Not keyed by the page: a read again that finds the page created meanwhile (someone else's
  // save refused this one) keeps the form and what the operator typed.
  return <PageEditorForm config={config} profileId={profile.profileId} page={page} />;
}

function PageEditorForm({
  config,
  profileId,
  page,
}: {
  config: PageEditorConfig;
  profileId: number;
  page: JournalPage | undefined;
}) {
  const navigate = useNavigate();
  const { nextAfter } = useEditorFlow();
  const [updatePage] = useUpdateJournalPageMutation();
  const [createPage] = useCreateJournalPageMutation();
  // Empty fields get the page type's defaults when the page is loaded (01 §4.3, §9). A read
  // again (after someone else's save refused this one as stale) shows in the fields the operator
  // left alone; the ones they changed keep their typing (KeepChangesForm).
  const initialValues = useMemo<PageValues>(
    () => pageTextsWithDefaults(config.pageTypeId, page),
    [config.pageTypeId, page],
  );

  /**
   * Saves under the processing dialog, then "{page} updated" and the next enabled editor.
   * Decision: a failure closes the processing dialog and shows the server's message, in every
   * editor (the spec only logs it, and leaves the dialog open except in the Login editor, which
   * would leave the operator stuck behind it).
   */
  async function onSubmit(values: PageValues, form: FormApi<PageValues>): Promise<void> {
    const texts = {
      title: orNull(values.title),
      content: orNull(values.content),
      navItem: config.withNavItem ? orNull(values.navItem) : (page?.navItem ?? null),
    };
    const processing = dialogs.processing();
    try {
      if (page) {
        await updatePage({
          ...page,
          ...texts,
          // The mandatory Login page is always on the site.
          enabled: config.pageTypeId === JOURNAL_PAGE_TYPE.LOGIN ? 1 : page.enabled,
        }).unwrap();
      } else {
        await createPage({
          pageTypeId: config.pageTypeId,
          profileId,
          enabled: 1,
          ...texts,
        }).unwrap();
      }
    } catch (error) {
      processing.close();
      await showSaveFailure(error);
      return;
    }
    processing.close();
    // An emptied text is stored as null and read again as the page type's default.
    keepAsSaved(form, values);
    await dialogs.success(DIALOG_TEXT.successTitle, textToHtml(config.saved));
    await navigate(nextAfter(config.here));
  }

  return (
    <KeepChangesForm<PageValues> onSubmit={onSubmit} initialValues={initialValues}>
      {({ handleSubmit, submitting }) => (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <FormUnsavedChanges />
          {/* No rules of their own (01 §2.9); the server's length caps are checked before sending. */}
          <PageTextFields withNavItem={config.withNavItem} limits={JOURNAL_LIMITS} />
          <BusyButton type="submit" variant="primary" busy={submitting}>
            {SAVE_AND_CONTINUE}
          </BusyButton>
        </form>
      )}
    </KeepChangesForm>
  );
}
