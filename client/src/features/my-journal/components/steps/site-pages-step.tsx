import { useNavigate } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { JOURNAL_TEXT, type JournalPage, type JournalPageType } from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { PageTypeChecklist } from '@/components/site-builder/page-type-checklist';
import { loadedStep } from '@/components/wizard/loaded-step';
import { paths, withId } from '@/config/paths';
import { useStoreShape } from '@/lib/api/store-shape';
import { pageFlags, selectedPageTypeIds, type PageFlags } from '@/lib/sites/page-selection';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { KeepChangesForm } from '@/lib/forms/keep-changes-form';
import { FormUnsavedChanges } from '@/lib/forms/unsaved-changes';
import {
  useCreateJournalPageMutation,
  useJournalPagesQuery,
  useJournalPageTypesQuery,
  useUpdateJournalPageMutation,
} from '../../api/journal-api';
import { PAGES_TEXT, SAVE_AND_CONTINUE, STEP_TITLE } from '../../lib/journal-texts';
import { initialSelection, pageTypeChoice, planPageSelection } from '../../lib/page-selection';
import { showSaveFailure } from '../../lib/save-failures';
import { BusyButton } from '@/components/common/busy-button';

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
  // Flat flags: equal between renders unless the pages changed. A read again of the pages
  // (after someone else's save refused this one as stale) shows in the ticks the operator left
  // alone; the ones they changed stay (KeepChangesForm).
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
    <KeepChangesForm<PageFlags> onSubmit={onSubmit} initialValues={initialValues}>
      {({ handleSubmit, submitting }) => (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <FormUnsavedChanges />
          <PageTypeChecklist legend={PAGES_TEXT.group} types={choices} />
          <BusyButton type="submit" variant="primary" busy={submitting}>
            {SAVE_AND_CONTINUE}
          </BusyButton>
        </form>
      )}
    </KeepChangesForm>
  );
}

/**
 * The stores the step reads: the page types and the profile's pages, read again whenever the
 * step opens, so its saves go with the ETag of the pages as they are (lib/api/record-etags.ts).
 */
function useSitePagesLoads(id: number | null) {
  return {
    pageTypes: useStoreShape(useJournalPageTypesQuery()),
    pages: useStoreShape(
      useJournalPagesQuery(id ?? skipToken, { refetchOnMountOrArgChange: true }),
    ),
  };
}

/** Step 3, "MyJournal Site Pages" (01 §2.7, §4.3). */
export const SitePagesStep = loadedStep({
  title: STEP_TITLE.pages,
  setupPath: paths.mj.wizard.setup.path,
  useLoads: useSitePagesLoads,
  form: SitePagesForm,
});
