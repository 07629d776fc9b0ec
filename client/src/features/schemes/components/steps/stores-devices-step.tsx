import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router-dom';
import { SCHEME_STATUS, SCHEME_TEXT } from '@contracts/api/schemes';
import { QueryContent } from '@/components/common/query-content';
import { withId } from '@/config/paths';
import { useUpdateSchemeMutation } from '../../api/schemes-api';
import { useSchemeArea } from '../../hooks/use-scheme-area';
import { useWizardScheme } from '../../hooks/use-wizard-scheme';
import { UPLOAD_TEXT } from '../../lib/scheme-texts';
import { showSaveError } from '../../lib/step-dialogs';
import { useSkipStep } from '../../hooks/use-skip-step';
import { nextStep } from '../../lib/wizard-steps';

/**
 * Stores & Devices (03 §2 step 3). The card, store and device imports are the next issue's; until
 * then the step has its two buttons: "Save & Continue" marks the step done (status 3, through
 * the scheme update) and moves on, "Skip this step" asks first (03 §8) and moves on; both lead
 * to Financial Settlement.
 */
export function StoresDevicesStep() {
  const area = useSchemeArea();
  const navigate = useNavigate();
  const { id, scheme } = useWizardScheme();
  const [updateScheme] = useUpdateSchemeMutation();
  const [busy, setBusy] = useState(false);
  const next = withId(nextStep(area, 'upload'), id);

  async function save() {
    if (!scheme.data) return;
    setBusy(true);
    try {
      await updateScheme({
        programId: scheme.data.programId,
        scheme: { ...scheme.data, schemeStatus: SCHEME_STATUS.UPLOAD },
      }).unwrap();
    } catch (error) {
      setBusy(false);
      await showSaveError(error);
      return;
    }
    setBusy(false);
    await navigate(next);
  }

  const { skip } = useSkipStep(next);

  return (
    <QueryContent
      state={{ loading: scheme.data === undefined && scheme.loading, error: scheme.error }}
    >
      <p className="text-body-secondary">{UPLOAD_TEXT.notBuilt}</p>
      <div className="d-flex gap-2">
        <Button variant="primary" disabled={busy || !scheme.data} onClick={() => void save()}>
          {SCHEME_TEXT.buttons.saveContinue}
        </Button>
        <Button variant="outline-secondary" disabled={busy} onClick={() => void skip()}>
          {SCHEME_TEXT.buttons.skip}
        </Button>
      </div>
    </QueryContent>
  );
}
