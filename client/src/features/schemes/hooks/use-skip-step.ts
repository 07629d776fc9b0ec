import type { FormState } from 'final-form';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { formIsUnsaved } from '@/lib/forms/unsaved-changes';
import { confirmSkip } from '../lib/step-dialogs';

/**
 * 'Skip this step' of a wizard step (03 §8): asks first ('Yes, skip' / 'No, go back'), then goes
 * to `next`. Once skipping is chosen the step's changes are given up, so `isUnsaved`, the
 * step's unsaved-changes test, stops asking on the way out.
 */
export function useSkipStep(next: string) {
  const navigate = useNavigate();
  const skipping = useRef(false);
  const skip = useCallback(async () => {
    if (!(await confirmSkip())) return;
    skipping.current = true;
    await navigate(next);
    skipping.current = false;
  }, [navigate, next]);
  const isUnsaved = useCallback(
    <Values>(state: FormState<Values>) => !skipping.current && formIsUnsaved(state),
    [],
  );
  return { skip, isUnsaved };
}
