import { useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useNavigate } from 'react-router-dom';
import { IMPORT_TEXT } from '@contracts/api/imports';
import { SCHEME_STATUS, SCHEME_TEXT } from '@contracts/api/schemes';
import { QueryContent } from '@/components/common/query-content';
import { withId } from '@/config/paths';
import { dialogs } from '@/lib/dialogs/dialog-service';
import { useUnsavedChanges, type LeaveQuestion } from '@/lib/forms/unsaved-changes';
import { useDownloadErrorFileMutation } from '../../api/imports-api';
import { useBinQuery, useUpdateSchemeMutation } from '../../api/schemes-api';
import { CardImportSection } from '../imports/card-import-section';
import { ImportProgressPanel } from '../imports/import-progress-panel';
import { ImportSection } from '../imports/import-section';
import { useFileImport, type FileImport } from '../../hooks/use-file-import';
import { useSchemeArea } from '../../hooks/use-scheme-area';
import { useSkipStep } from '../../hooks/use-skip-step';
import { useWizardScheme } from '../../hooks/use-wizard-scheme';
import { IMPORT_SECTION_TITLE, reviewRoute } from '../../lib/import-review';
import { importRequestOf } from '../../lib/imports';
import { showSaveError } from '../../lib/step-dialogs';
import { nextStep } from '../../lib/wizard-steps';
import { StepActions } from './step-parts';

/** 03 §8: leaving with an uploaded file not imported; OK leaves, Cancel (focused) stays. */
const CONTINUE_WITHOUT_IMPORTING: LeaveQuestion = { title: SCHEME_TEXT.continueWithoutImporting };

const hasUnimported = (imports: readonly FileImport[]) =>
  imports.some((each) => each.state.phase === 'uploaded');

/**
 * Stores & Devices, step 3 (03 §2, §4 "File import per type", §5 "Import", §8): a card import
 * (BIN number, extension, card length), a store import and a device import, each choose ->
 * Upload -> Import -> counts, with the floating progress panel. Leaving with an uploaded file
 * not yet imported (Save & Continue, Skip this step, a tab, any navigation) asks 'Continue
 * without importing?' first. "Save & Continue" marks the step done (status 3, through the
 * scheme update) and moves on; "Skip this step" asks (03 §8) and moves on; both lead to
 * Financial Settlement. The imports' state lives while the step is shown.
 */
export function StoresDevicesStep() {
  const area = useSchemeArea();
  const navigate = useNavigate();
  const { id, scheme, config } = useWizardScheme();
  const binQuery = useBinQuery(config.data?.liveCardBinId ?? skipToken);
  // The card section fills in BIN number and card length from the configured BIN once it is
  // read; until then those fields take no typing, so the fill never lands among typed text.
  const binPending =
    (config.data === undefined && config.loading) ||
    (config.data?.liveCardBinId != null && binQuery.currentData === undefined && !binQuery.isError);
  const [updateScheme] = useUpdateSchemeMutation();
  const [downloadErrorFile] = useDownloadErrorFileMutation();
  const [busy, setBusy] = useState(false);
  const next = withId(nextStep(area, 'upload'), id);
  const { skip } = useSkipStep(next);

  const card = useFileImport('card', id);
  const store = useFileImport('store', id);
  const device = useFileImport('device', id);
  const imports = [card, store, device];

  // Once the operator has chosen to go on without importing, the way out no longer asks.
  const leaving = useRef(false);
  useUnsavedChanges(() => !leaving.current && hasUnimported(imports), CONTINUE_WITHOUT_IMPORTING);

  /** True to go on: nothing unimported, or the operator said OK. */
  async function mayLeave(): Promise<boolean> {
    if (!hasUnimported(imports)) return true;
    const ok = await dialogs.confirm(CONTINUE_WITHOUT_IMPORTING.title, '', { focusCancel: true });
    leaving.current = ok;
    return ok;
  }

  async function save() {
    if (!scheme.data || !(await mayLeave())) return;
    setBusy(true);
    try {
      await updateScheme({
        programId: scheme.data.programId,
        scheme: { ...scheme.data, schemeStatus: SCHEME_STATUS.UPLOAD },
      }).unwrap();
    } catch (error) {
      setBusy(false);
      leaving.current = false;
      await showSaveError(error);
      return;
    }
    setBusy(false);
    await navigate(next);
    leaving.current = false;
  }

  async function skipStep() {
    if (!(await mayLeave())) return;
    await skip();
    leaving.current = false;
  }

  async function download(outFileName: string, saveAs: string) {
    try {
      await downloadErrorFile({ outFileName, saveAs }).unwrap();
    } catch (error) {
      await showSaveError(error);
    }
  }

  const running = imports.some((each) => each.busy);

  return (
    <QueryContent
      state={{ loading: scheme.data === undefined && scheme.loading, error: scheme.error }}
    >
      {/* The panel takes its own column beside the sections (stacked under them when narrow),
          so it never covers a field; the sections wrap by the width left to them. */}
      <div className="import-layout">
        {id !== null ? (
          <div className="import-sections">
            <CardImportSection
              programId={id}
              fileImport={card}
              config={config.data}
              bin={binQuery.currentData}
              prefilling={binPending}
            />
            <ImportSection
              title={IMPORT_TEXT.storeSection}
              fileImport={store}
              sample={{ programId: id }}
              onImport={() =>
                void store.startImport((names) =>
                  importRequestOf('store', { programId: id, ...names }, {}),
                )
              }
            />
            <ImportSection
              title={IMPORT_TEXT.deviceSection}
              fileImport={device}
              sample={{ programId: id }}
              onImport={() =>
                void device.startImport((names) =>
                  importRequestOf('device', { programId: id, ...names }, {}),
                )
              }
            />
          </div>
        ) : null}
        <ImportProgressPanel
          imports={imports}
          titles={IMPORT_SECTION_TITLE}
          onDownload={(name, saveAs) => void download(name, saveAs)}
          onReview={
            id === null
              ? undefined
              : (outFileName) => void navigate(reviewRoute(area, id, outFileName, 'upload'))
          }
        />
      </div>
      <StepActions
        saving={busy}
        saveDisabled={running || !scheme.data}
        skipDisabled={busy}
        onSkip={skipStep}
        onSave={save}
      />
    </QueryContent>
  );
}
