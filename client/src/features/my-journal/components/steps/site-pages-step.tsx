import Button from 'react-bootstrap/Button';
import { Form } from 'react-final-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { JOURNAL_TEXT, type JournalPage, type JournalPageType } from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { PageTypeChecklist } from '@/components/site-builder/page-type-checklist';
import { StepContent } from '@/components/wizard/profile-step';
import { paths, withId } from '@/config/paths';
import { loadAll } from '@/lib/api/load-all';
import { useStoreShape } from '@/lib/api/store-shape';
import { pageFlags, selectedPageTypeIds, type PageFlags } from '@/lib/sites/page-selection';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { FormUnsavedChanges } from '@/lib/forms/unsaved-changes';
import {
  useCreateJournalPageMutation,
  useJournalPagesQuery,
  useJournalPageTypesQuery,
  useUpdateJournalPageMutation,
} from '../../api/journal-api';
import { useWizardProfileId } from '../../hooks/use-wizard-profile';
import { PAGES_TEXT, SAVE_AND_CONTINUE, STEP_TITLE } from '../../lib/journal-texts';
import { initialSelection, pageTypeChoice, planPageSelection } from '../../lib/page-selection';
import { showSaveFailure } from '../../lib/save-failures';

/** Step 3, "MyJournal Site Pages" (01 §2.7, §4.3). */
export function SitePagesStep() {
  const id = useWizardProfileId();
  const pageTypes = useStoreShape(useJournalPageTypesQuery());
  const pages = useStoreShape(useJournalPagesQuery(id ?? skipToken));
  if (id === null) return <Navigate to={paths.mj.wizard.setup.path} replace />;
  const { ready, state } = loadAll([pageTypes, pages]);
  return (
    <StepContent title={STEP_TITLE.pages} state={state}>
      {ready ? (
        <SitePagesForm
          key={id}
          profileId={id}
          pageTypes={pageTypes.data ?? []}
          pages={pages.data ?? []}
        />
      ) : null}
    </StepContent>
  );
}

function SitePagesForm({
  profileId,
  pageTypes,
  pages,
}: {
  profileId: number;
  pageTypes: readonly JournalPageType[];
  pages: readonly JournalPage[];
}) {
  const navigate = useNavigate();
  const [createPage] = useCreateJournalPageMutation();
  const [updatePage] = useUpdateJournalPageMutation();
  const choices = pageTypes.map(pageTypeChoice);
  const initialValues = pageFlags(choices, initialSelection(pageTypes, pages));

  async function onSubmit(values: PageFlags): Promise<void> {
    const selected = new Set(selectedPageTypeIds(choices, values));
    const calls = planPageSelection(pageTypes, pages, selected, profileId);
    const processing = dialogs.processing();
    try {
      // Strictly one after another (01 §4.3): each call waits for the answer of the one before.
      for (const call of calls) {
        if (call.kind === 'create') await createPage(call.page).unwrap();
        else await updatePage(call.page).unwrap();
      }
    } catch (error) {
      processing.close();
      await showSaveFailure(error);
      return;
    }
    processing.close();
    await dialogs.success(DIALOG_TEXT.successTitle, textToHtml(JOURNAL_TEXT.profileUpdated));
    await navigate(withId(paths.mj.wizard.media, profileId));
  }

  return (
    <Form<PageFlags> onSubmit={onSubmit} initialValues={initialValues}>
      {({ handleSubmit, submitting }) => (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <FormUnsavedChanges />
          <PageTypeChecklist legend={PAGES_TEXT.group} types={choices} />
          <Button type="submit" variant="primary" disabled={submitting}>
            {SAVE_AND_CONTINUE}
          </Button>
        </form>
      )}
    </Form>
  );
}
