import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { Form } from 'react-final-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { JOURNAL_TEXT, type JournalPage, type JournalPageType } from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { QueryContent } from '@/components/common/query-content';
import { CheckboxField } from '@/components/form/CheckboxField';
import { paths, withId } from '@/config/paths';
import { useStoreShape } from '@/lib/api/store-shape';
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
import { initialSelection, planPageSelection } from '../../lib/page-selection';
import { showSaveFailure } from '../../lib/save-failures';

/**
 * Form values: one flag per page type, `t{pageTypeId}` (a plain key: final-form would read a
 * numeric path part as an array index), kept flat so the initial values compare equal between
 * renders and a re-render never resets the ticks.
 */
type PagesValues = Record<string, boolean | undefined>;
const keyOf = (pageTypeId: number) => `t${pageTypeId}`;

/** Step 3, "MyJournal Site Pages" (01 §2.7, §4.3). */
export function SitePagesStep() {
  const id = useWizardProfileId();
  const pageTypes = useStoreShape(useJournalPageTypesQuery());
  const pages = useStoreShape(useJournalPagesQuery(id ?? skipToken));
  if (id === null) return <Navigate to={paths.mj.wizard.setup.path} replace />;
  const ready = pageTypes.data !== undefined && pages.data !== undefined;
  const state = {
    loading: !ready && (pageTypes.loading || pages.loading),
    error: pageTypes.error.code !== 0 ? pageTypes.error : pages.error,
  };
  return (
    <div>
      <h3 className="h5 mb-3">{STEP_TITLE.pages}</h3>
      <QueryContent state={state}>
        {ready ? (
          <SitePagesForm
            key={id}
            profileId={id}
            pageTypes={pageTypes.data ?? []}
            pages={pages.data ?? []}
          />
        ) : null}
      </QueryContent>
    </div>
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
  const legendId = useId();
  const [createPage] = useCreateJournalPageMutation();
  const [updatePage] = useUpdateJournalPageMutation();
  const startSelected = initialSelection(pageTypes, pages);
  const initialValues: PagesValues = Object.fromEntries(
    pageTypes.map((type) => [keyOf(type.pageTypeId), startSelected.has(type.pageTypeId)]),
  );

  async function onSubmit(values: PagesValues): Promise<void> {
    const selected = new Set(
      pageTypes
        .filter((type) => values[keyOf(type.pageTypeId)] === true)
        .map((type) => type.pageTypeId),
    );
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
    <Form<PagesValues> onSubmit={onSubmit} initialValues={initialValues}>
      {({ handleSubmit, submitting }) => (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <FormUnsavedChanges />
          <fieldset className="mb-3">
            <legend id={legendId} className="form-label fs-6">
              {PAGES_TEXT.group}
            </legend>
            {pageTypes.map((type) => (
              <CheckboxField
                key={type.pageTypeId}
                name={keyOf(type.pageTypeId)}
                label={type.name}
                help={type.description || undefined}
                // A mandatory page is always on (01 §4.3).
                disabled={type.mandatory === 1}
                className="mb-2"
              />
            ))}
          </fieldset>
          <Button type="submit" variant="primary" disabled={submitting}>
            {SAVE_AND_CONTINUE}
          </Button>
        </form>
      )}
    </Form>
  );
}
