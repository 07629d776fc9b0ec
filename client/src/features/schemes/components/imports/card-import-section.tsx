import { useMemo } from 'react';
import { IMPORT_TEXT } from '@contracts/api/imports';
import type { CardBin, Config } from '@contracts/api/schemes';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextField';
import { KeepChangesForm } from '@/lib/forms/keep-changes-form';
import type { FileImport } from '../../hooks/use-file-import';
import {
  CARD_IMPORT_VALIDATE,
  cardImportDefaults,
  cardImportReady,
  extensionOptions,
  importRequestOf,
  type CardImportValues,
} from '../../lib/imports';
import { ImportSection } from './import-section';

/**
 * The card import (03 §2, §5 "Import"): BIN number (digits, at most 9), extension (one of the
 * scheme's configured suffixes, zero-padded to the BIN's extension length) and card length
 * (digits, at most 2), pre-filled from the configured BIN when it is known; the upload waits
 * until all three are filled. The import sends them with the uploaded file's names. While
 * `prefilling` (the configured BIN is still being read), BIN number and card length are read-only.
 */
export function CardImportSection({
  programId,
  fileImport,
  config,
  bin,
  prefilling = false,
}: {
  programId: number;
  fileImport: FileImport;
  config: Config | null | undefined;
  bin: CardBin | undefined;
  prefilling?: boolean;
}) {
  const extensions = useMemo(() => extensionOptions(config), [config]);
  const initialValues = useMemo<CardImportValues>(
    () => ({
      ...cardImportDefaults(bin),
      ...(extensions.length === 1 ? { extension: extensions[0] } : {}),
    }),
    [bin, extensions],
  );
  const options = useMemo(
    () => extensions.map((extension) => ({ value: extension, label: extension })),
    [extensions],
  );

  return (
    <KeepChangesForm<CardImportValues>
      onSubmit={() => undefined}
      // The fields are what the next upload uses; a new BIN after a load is taken over, on top
      // of what the operator changed.
      initialValues={initialValues}
    >
      {({ values }) => {
        const ready = cardImportReady(values);
        return (
          <ImportSection
            title={IMPORT_TEXT.cardSection}
            fileImport={fileImport}
            ready={ready}
            note={extensions.length === 0 ? IMPORT_TEXT.noExtensions : undefined}
            // The scheme's sample, numbered with the extension chosen (else its first suffix).
            sample={{
              programId,
              extension: extensions.includes(values.extension ?? '') ? values.extension : undefined,
            }}
            onImport={() =>
              void fileImport.startImport((names) =>
                importRequestOf('card', { programId, ...names }, values),
              )
            }
          >
            <TextField
              name="binNumber"
              label={IMPORT_TEXT.binNumber}
              validate={CARD_IMPORT_VALIDATE.binNumber}
              inputMode="numeric"
              autoComplete="off"
              readOnly={prefilling}
              disabled={fileImport.busy}
            />
            <SelectField<string>
              name="extension"
              label={IMPORT_TEXT.extension}
              options={options}
              validate={CARD_IMPORT_VALIDATE.extension}
              disabled={fileImport.busy}
            />
            <TextField
              name="cardLength"
              label={IMPORT_TEXT.cardLength}
              validate={CARD_IMPORT_VALIDATE.cardLength}
              inputMode="numeric"
              autoComplete="off"
              readOnly={prefilling}
              disabled={fileImport.busy}
            />
          </ImportSection>
        );
      }}
    </KeepChangesForm>
  );
}
