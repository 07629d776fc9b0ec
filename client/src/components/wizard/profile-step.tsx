import type { ComponentType, ReactNode } from 'react';
import type { FormApi } from 'final-form';
import type { FormProps } from 'react-final-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { QueryContent } from '@/components/common/query-content';
import { showSaveFailure } from '@/lib/api/save-failures';
import { useStoreShape, type QueryLike } from '@/lib/api/store-shape';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { KeepChangesForm } from '@/lib/forms/keep-changes-form';
import { FormUnsavedChanges, formIsUnsaved, keepAsSaved } from '@/lib/forms/unsaved-changes';
import type { DialogText } from '@/lib/sites/publish-flow';
import { BusyButton } from '@/components/common/busy-button';

/** The button of every site-builder step form (01 §2.5-2.6, 02 §2). */
export const SAVE_AND_CONTINUE = 'Save & Continue';

/** A step's title (h3) and its content, replaced by the loading indicator or the error. */
export function StepContent({
  title,
  state,
  children,
}: {
  title: string;
  state: Parameters<typeof QueryContent>[0]['state'];
  children: ReactNode;
}) {
  return (
    <div>
      <h3 className="h5 mb-3">{title}</h3>
      <QueryContent state={state}>{children}</QueryContent>
    </div>
  );
}

export interface ProfileStepProps<P> {
  title: string;
  /** The wizard's profile: the route's id and its query. */
  profile: QueryLike<P> & { id: number | null };
  /** Where the wizard starts without an id (step 1). */
  setupPath: string;
  /** The step's form for the loaded profile (remounted for another profile). */
  form: ComponentType<{ profile: P }>;
}

/**
 * A site-builder step after step 1 (01 §2.4, 02 §2): it needs a profile, so without an id the
 * wizard goes to step 1; the loading indicator shows until the profile is in (the cached copy is
 * used first).
 */
export function ProfileStep<P>({ title, profile, setupPath, form: StepForm }: ProfileStepProps<P>) {
  const state = useStoreShape(profile);
  if (profile.id === null) return <Navigate to={setupPath} replace />;
  const loaded = profile.data;
  return (
    <StepContent
      title={title}
      state={{ loading: loaded === undefined && state.loading, error: state.error }}
    >
      {loaded !== undefined ? <StepForm key={profile.id} profile={loaded} /> : null}
    </StepContent>
  );
}

/** What a column of a step form may read: the form's values and whether it submits. */
export interface StepFormState<Values> {
  values: Values;
  submitting: boolean;
}

export interface StepFormProps<Values extends object> {
  onSubmit: FormProps<Values>['onSubmit'];
  initialValues: Partial<Values>;
  /**
   * True while something else of the step runs that saves and moves on by itself (an import):
   * the button waits for it, and leaving does not ask meanwhile.
   */
  busy?: boolean;
  left(state: StepFormState<Values>): ReactNode;
  right(state: StepFormState<Values>): ReactNode;
}

/**
 * A site-builder step form (01 §2.5-2.6, 02 §2): two columns of fields, "Save & Continue" below;
 * changes count as unsaved until saved; errors show after a failed submit; a read again of the
 * profile keeps what the operator changed.
 */
export function StepForm<Values extends object>({
  onSubmit,
  initialValues,
  busy = false,
  left,
  right,
}: StepFormProps<Values>) {
  return (
    // The profile read again (after someone else's save refused this one as stale) shows in
    // the fields the operator left alone; the ones they changed keep their typing.
    <KeepChangesForm<Values> onSubmit={onSubmit} initialValues={initialValues}>
      {({ handleSubmit, submitting, values }) => {
        const state = { values, submitting: Boolean(submitting) };
        return (
          <form onSubmit={(event) => void handleSubmit(event)} noValidate>
            <FormUnsavedChanges<Values>
              isUnsaved={(formState) => !busy && formIsUnsaved(formState)}
            />
            <div className="row">
              <div className="col-lg-6">{left(state)}</div>
              <div className="col-lg-6">{right(state)}</div>
            </div>
            <BusyButton type="submit" variant="primary" busy={state.submitting || busy}>
              {SAVE_AND_CONTINUE}
            </BusyButton>
          </form>
        );
      }}
    </KeepChangesForm>
  );
}

/**
 * A step's save: the call, then "Success" with the builder's text and on OK the next step
 * (01 §2.6, 02 §2, §4). A failed call shows the server's message under "Error" (the builders'
 * decision, lib/api/save-failures) and the step stays. Saved, `values` (what `form` submitted)
 * become what it loaded (keepAsSaved): the record read again may hold them its own way (trimmed,
 * blank as null). What was typed while the save ran stays unsaved, so the move to the next step
 * asks first (the wizard's "Unsaved changes"), and Stay keeps it on the step.
 */
export function useSaveAndContinue() {
  const navigate = useNavigate();
  return async <Values extends object>(
    save: () => Promise<unknown>,
    success: DialogText,
    next: string,
    form: FormApi<Values>,
    values: Values,
  ) => {
    try {
      await save();
    } catch (error) {
      await showSaveFailure(error);
      return;
    }
    keepAsSaved(form, values);
    await dialogs.success(success.title, textToHtml(success.message));
    await navigate(next);
  };
}
