import { Form, type FormProps } from 'react-final-form';
import { keepHiddenChanges } from '@/lib/forms/unsaved-changes';

/** Kept stable: react-final-form applies a form's decorators once, when the form is made. */
const DECORATORS = [keepHiddenChanges];

/**
 * A react-final-form <Form> that keeps the operator's changes when its initial values change (the
 * record read again after someone else's save refused this one as stale, or after a save; the
 * first answer of a list the initial values depend on): the fields on screen keep theirs
 * (final-form's keepDirtyOnReinitialize), and so do the fields a mode switch hides
 * (keepHiddenChanges, lib/forms/unsaved-changes.tsx), which final-form would otherwise set to the
 * new loaded values. Every form that re-initialises on top of what was typed is one of these
 * (eslint refuses keepDirtyOnReinitialize elsewhere).
 */
export function KeepChangesForm<Values extends object>(
  props: Omit<FormProps<Values>, 'keepDirtyOnReinitialize' | 'decorators'>,
) {
  return <Form<Values> {...props} keepDirtyOnReinitialize decorators={DECORATORS} />;
}
