import { readFile } from 'node:fs/promises';
import {
  IMPORT_COLUMNS,
  IMPORT_ERROR_COLUMN,
  IMPORT_PATHS,
  IMPORT_STEP_TEXT,
  IMPORT_TEXT,
  IMPORT_FIELD_DELIMITER,
  IMPORT_KINDS,
  IMPORT_SAMPLE_FILE,
  MASKED_PASSWORD,
  errorFileDownloadName,
  type ImportKind,
} from '@contracts/api/imports';
import {
  SCHEME_EMBEDDED,
  SCHEME_PATHS,
  SCHEME_STATUS,
  SCHEME_TEXT,
  type Scheme,
  type UploadedFile,
} from '@contracts/api/schemes';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { COMMON_TEXT } from '@/config/texts';
import { sampleFileOf } from '../../server/imports/sample-files';
import { answerDialog, openRoute, signIn } from './support/journal';
import {
  MASTER_BIN,
  checkBalanceOnSite,
  createCardScheme,
  fillCardSection,
  controlsUnderPanel,
  createPlainScheme,
  downloadErrorFile,
  downloadThrough,
  expectFigures,
  importSection,
  panelEntry,
  pipeFile,
  publishJournalSite,
  readFigures,
  uploadFile,
} from './support/imports';
import {
  SchemeApi,
  expectStep,
  saveButton,
  stepRoute,
  stepUrl,
  uniqueLetters,
  unexpectedErrors,
} from './support/schemes';
import { waitForFocus } from './support/browser';
import { browserSuite } from './support/suite';

/**
 * Stores & Devices, step 3 of the scheme wizard, in Chromium against the real server:
 * a card file with good and bad lines imported, its progress in the floating panel, the error
 * file downloaded, corrected and imported again as is, and a card of it checked on the program's
 * published journal site; a store file then a device file referring to its stores; leaving with
 * an uploaded file not imported asks first.
 */

const suite = browserSuite();
const api = SchemeApi.forSuite(suite);

const T = IMPORT_TEXT;
const FLOW_TIMEOUT = 240_000;

const columnsOf = (kind: keyof typeof IMPORT_COLUMNS, required = true) =>
  IMPORT_COLUMNS[kind].filter((column) => !required || column.required).map((each) => each.name);

/** The uploaded files the summary lists for a program, by the user's file names. */
async function importedFileNames(programId: number): Promise<string[]> {
  const list = await api.call<{ _embedded?: Record<string, UploadedFile[]> }>(
    'GET',
    SCHEME_PATHS.uploadedFiles(programId),
  );
  return (list._embedded?.[SCHEME_EMBEDDED.files] ?? []).map((file) => file.fileName);
}

describe('a card file through Stores & Devices', () => {
  it(
    'imports the good lines, gives the bad ones back with reasons, takes them again corrected, and the site shows a card of them',
    async () => {
      const name = `Cardimport ${uniqueLetters()}`;
      const { programId, extension } = await createCardScheme(api, name);
      const prefix = `${MASTER_BIN.number}${extension}`;
      const card = (tail: string) => `${prefix}${tail}`;
      const foreign = `${MASTER_BIN.number}${extension === '999' ? '998' : '999'}0000037`;
      const header = [...columnsOf('card'), 'currency'];
      const original = pipeFile(header, [
        [card('0000011'), '1234', '50.00', '2030-12-31', 'AUD'],
        [card('0000029'), '12', '10.00', '2030-12-31', 'AUD'],
        [foreign, '1357', '10.00', '2030-12-31', 'AUD'],
        [card('0000045'), '2468', '25.00', '2030-12-31', 'AUD'],
        [card('0000052'), '4321', 'ten', '2030-12-31', 'AUD'],
      ]);

      const { page, errors } = await suite.newPage();
      await signIn(page, suite.baseUrl);
      await openRoute(page, suite.baseUrl, stepRoute('gift', 'upload', programId));
      await expectStep(page, 'gift', 'upload');

      // The card section: BIN number, extension (the scheme's suffix) and card length filled.
      const cards = await fillCardSection(page, extension);
      await uploadFile(page, cards, 'cards.txt', original);
      // Upload became Import under the focus: the dialog gave the focus back to it.
      await waitForFocus(cards.getByRole('button', { name: T.import, exact: true }));
      const entry = panelEntry(page, T.cardSection);
      await expectFigures(entry, { [T.fileName]: 'cards.txt', percent: 100 });

      // Import. A file of five lines is imported in a moment: the process call's answer is held
      // back until the panel has shown the progress it polls meanwhile (the server's own
      // figures, the import still running for the page), then handed over.
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const processUrl = `**/api${IMPORT_PATHS.processCardFile}`;
      await page.route(processUrl, async (route) => {
        const response = await route.fetch();
        await released;
        await route.fulfill({ response });
      });
      await cards.getByRole('button', { name: T.import, exact: true }).click();
      await expectFigures(entry, {
        [T.currentStep]: IMPORT_STEP_TEXT.completed,
        [T.successLines]: 2,
        [T.errorLines]: 3,
        percent: 100,
      });
      // Still importing for the page: no answer's counts yet, the section's Import disabled.
      expect(await readFigures(entry)).not.toHaveProperty(T.insertedLines);
      expect(await cards.getByRole('button', { name: T.import, exact: true }).isDisabled()).toBe(
        true,
      );
      release();

      // The counts, and the error file: the header plus an error column, each bad line as it
      // was plus its line number and reasons.
      await expectFigures(entry, {
        [T.successLines]: 2,
        [T.errorLines]: 3,
        [T.insertedLines]: 2,
        [T.replacedLines]: 0,
      });
      // Saved under the operator's file name.
      const { fileName: errorFileName, text: errorFile } = await downloadErrorFile(page, entry);
      expect(errorFileName).toBe(errorFileDownloadName('cards.txt'));
      expect(errorFileName).toBe('cards.errors.txt');
      await page.unroute(processUrl);
      const badLine = (fields: string[], line: number, reason: string) =>
        `${fields.join('|')}|line ${line}: ${reason}`;
      expect(errorFile).toBe(
        [
          [...header, IMPORT_ERROR_COLUMN].join('|'),
          badLine(
            [card('0000029'), '12', '10.00', '2030-12-31', 'AUD'],
            3,
            'pin: must be 4 to 8 digits',
          ),
          badLine(
            [foreign, '1357', '10.00', '2030-12-31', 'AUD'],
            4,
            `cardNumber: must be ${MASTER_BIN.cardLength} digits starting with the BIN ${MASTER_BIN.number} followed by the extension ${extension}`,
          ),
          badLine(
            [card('0000052'), '4321', 'ten', '2030-12-31', 'AUD'],
            6,
            'balance: must be an amount such as 25.00',
          ),
          '',
        ].join('\n'),
      );

      // Corrected in the downloaded text (its error column left in) and imported as is.
      const corrected = errorFile
        .replace(`|12|10.00|`, '|1212|10.00|')
        .replace(foreign, card('0000037'))
        .replace('|ten|', '|40.00|');
      await uploadFile(page, cards, 'cards-corrected.txt', corrected);
      await expectFigures(entry, { [T.fileName]: 'cards-corrected.txt' });
      await cards.getByRole('button', { name: T.import, exact: true }).click();
      await expectFigures(entry, {
        [T.fileName]: 'cards-corrected.txt',
        [T.successLines]: 3,
        [T.errorLines]: 0,
        [T.insertedLines]: 3,
        [T.replacedLines]: 0,
      });
      expect(
        await entry.getByRole('button', { name: T.downloadErrorFile, exact: true }).count(),
      ).toBe(0);
      expect(await importedFileNames(programId)).toEqual(['cards.txt', 'cards-corrected.txt']);

      // A card of the corrected lines, checked on the program's published journal site.
      const siteUrl = `cards-${uniqueLetters()}`;
      await publishJournalSite(api, programId, siteUrl);
      const site = await checkBalanceOnSite(suite.browser, suite.baseUrl, siteUrl, {
        cardNumber: card('0000037'),
        pin: '1357',
      });
      expect(site.balance).toBe('$10.00');
      expect(site.errors).toEqual([]);

      expect(unexpectedErrors(errors)).toEqual([]);
      await page.context().close();
    },
    FLOW_TIMEOUT,
  );
});

describe('a store file, then a device file', () => {
  it(
    'imports the stores, then the devices of them; a device of an unknown store is an error line with its password masked',
    async () => {
      const programId = await createPlainScheme(api, `Storeimport ${uniqueLetters()}`);
      // Stores & Devices opens once the configuration exists (03 §2).
      await api.createGiftConfig(programId);
      const { page, errors } = await suite.newPage();
      await signIn(page, suite.baseUrl);
      await openRoute(page, suite.baseUrl, stepRoute('gift', 'upload', programId));
      await expectStep(page, 'gift', 'upload');

      const stores = importSection(page, T.storeSection);
      await uploadFile(
        page,
        stores,
        'stores.txt',
        pipeFile(columnsOf('store'), [
          ['H100', 'Harbour Store', '1 Harbour Street', 'Sydney', '2000', 'AU'],
          ['B200', 'Bay Store', '2 Bay Road', 'Sydney', '2001', 'AU'],
        ]),
      );
      await stores.getByRole('button', { name: T.import, exact: true }).click();
      const storeEntry = panelEntry(page, T.storeSection);
      await expectFigures(storeEntry, {
        [T.fileName]: 'stores.txt',
        [T.currentStep]: IMPORT_STEP_TEXT.completed,
        [T.successLines]: 2,
        [T.errorLines]: 0,
        [T.insertedLines]: 2,
        percent: 100,
      });
      expect(
        await storeEntry.getByRole('button', { name: T.downloadErrorFile, exact: true }).count(),
      ).toBe(0);

      const devices = importSection(page, T.deviceSection);
      await uploadFile(
        page,
        devices,
        'devices.txt',
        pipeFile(columnsOf('device'), [
          ['POS-1', 'H100', 'Terminal', 'SN-1', 'secret-one'],
          ['POS-2', 'B200', 'Kiosk', 'SN-2', 'secret-two'],
          ['POS-3', 'Z999', 'Terminal', 'SN-3', 'secret-three'],
        ]),
      );
      await devices.getByRole('button', { name: T.import, exact: true }).click();
      const deviceEntry = panelEntry(page, T.deviceSection);
      await expectFigures(deviceEntry, {
        [T.fileName]: 'devices.txt',
        [T.successLines]: 2,
        [T.errorLines]: 1,
        [T.insertedLines]: 2,
        percent: 100,
      });
      // Both imports stay in the panel.
      await expectFigures(storeEntry, { [T.fileName]: 'stores.txt' });

      const { fileName: errorFileName, text: errorFile } = await downloadErrorFile(
        page,
        deviceEntry,
      );
      expect(errorFileName).toBe('devices.errors.txt');
      expect(errorFile).toBe(
        `${[...columnsOf('device'), IMPORT_ERROR_COLUMN].join('|')}\n` +
          `POS-3|Z999|Terminal|SN-3|${MASKED_PASSWORD}|line 4: storeCode: no store with this code was imported for the scheme\n`,
      );
      expect(await importedFileNames(programId)).toEqual(['stores.txt', 'devices.txt']);

      expect(unexpectedErrors(errors)).toEqual([]);
      await page.context().close();
    },
    FLOW_TIMEOUT,
  );
});

describe('leaving Stores & Devices', () => {
  it('asks "Continue without importing?" with a file uploaded and not imported', async () => {
    // Configured (status 2), so that Save & Continue raises the status to 3.
    const programId = await createPlainScheme(api, `Leaveimport ${uniqueLetters()}`);
    await api.createGiftConfig(programId);
    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, stepRoute('gift', 'upload', programId));
    await expectStep(page, 'gift', 'upload');

    const stores = importSection(page, T.storeSection);
    await uploadFile(
      page,
      stores,
      'stores.txt',
      pipeFile(columnsOf('store'), [
        ['H100', 'Harbour Store', '1 Harbour Street', 'Sydney', '2000', 'AU'],
      ]),
    );

    // A wizard tab: Cancel stays with the file still ready for import.
    await page
      .getByRole('navigation', { name: COMMON_TEXT.wizardSteps })
      .getByRole('link', { name: SCHEME_TEXT.tabs.general, exact: true })
      .click();
    await answerDialog(page, SCHEME_TEXT.continueWithoutImporting, { button: DIALOG_TEXT.cancel });
    await expectStep(page, 'gift', 'upload');
    await stores.getByRole('button', { name: T.import, exact: true }).waitFor();

    // Save & Continue: asked again; OK goes on to Financial Settlement without importing.
    await saveButton(page).click();
    await answerDialog(page, SCHEME_TEXT.continueWithoutImporting);
    await page.waitForURL(stepUrl('gift', 'financial', programId));
    await expectStep(page, 'gift', 'financial');
    expect(await importedFileNames(programId)).toEqual([]);
    const scheme = await api.call<Scheme>('GET', SCHEME_PATHS.scheme(programId));
    expect(scheme.schemeStatus).toBe(SCHEME_STATUS.UPLOAD);

    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });
});

describe('what Stores & Devices says about files', () => {
  const SECTION_OF: Record<ImportKind, string> = {
    card: T.cardSection,
    store: T.storeSection,
    device: T.deviceSection,
  };

  it("names the columns each file takes and downloads the scheme's sample, which imports as it is", async () => {
    const { programId, extension } = await createCardScheme(api, `Samples ${uniqueLetters()}`);
    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, stepRoute('gift', 'upload', programId));
    await expectStep(page, 'gift', 'upload');

    for (const kind of IMPORT_KINDS) {
      const section = importSection(page, SECTION_OF[kind]);
      // The columns the server's header check takes, as the section shows them.
      const required = columnsOf(kind).join(IMPORT_FIELD_DELIMITER);
      const optional = IMPORT_COLUMNS[kind]
        .filter((column) => !column.required)
        .map((column) => column.name)
        .join(IMPORT_FIELD_DELIMITER);
      await section.getByText(T.columns, { exact: false }).waitFor();
      const shown = await section.getByText(T.columns, { exact: false }).innerText();
      expect(shown).toBe(
        optional === ''
          ? `${T.columns} ${required}`
          : `${T.columns} ${required}; ${T.optionalColumns} ${optional}`,
      );

      if (kind === 'card') await fillCardSection(page, extension);
      const sample = await downloadThrough(
        page,
        section.getByRole('button', { name: T.downloadSample, exact: true }),
      );
      expect(sample.fileName).toBe(IMPORT_SAMPLE_FILE[kind]);
      if (kind !== 'card') {
        expect(sample.text).toBe(await readFile(sampleFileOf(kind), 'utf8'));
        // The sample goes through the upload's checks as it is.
        await uploadFile(page, section, sample.fileName, sample.text);
        continue;
      }
      // The card sample is the scheme's: its BIN and extension, so every line imports into it.
      const cards = sample.text
        .split('\n')
        .slice(1)
        .filter((line) => line !== '');
      expect(cards.length).toBeGreaterThan(0);
      for (const line of cards)
        expect(line).toMatch(new RegExp(`^${MASTER_BIN.number}${extension}\\d+\\|`));
      await uploadFile(page, section, sample.fileName, sample.text);
      await section.getByRole('button', { name: T.import, exact: true }).click();
      await expectFigures(panelEntry(page, T.cardSection), {
        [T.currentStep]: IMPORT_STEP_TEXT.completed,
        [T.successLines]: cards.length,
        [T.errorLines]: 0,
      });
    }
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });

  it('an upload the server refuses says "Error!" / "Upload Failed" and, under it, why', async () => {
    const programId = await createPlainScheme(api, `Refusedupload ${uniqueLetters()}`);
    await api.createGiftConfig(programId);
    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, stepRoute('gift', 'upload', programId));
    await expectStep(page, 'gift', 'upload');

    const stores = importSection(page, T.storeSection);
    const withoutPostcode = columnsOf('store').filter((column) => column !== 'postcode');
    await stores.getByLabel(T.chooseFile, { exact: true }).setInputFiles({
      name: 'stores.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(
        pipeFile(withoutPostcode, [['H100', 'Harbour Store', '1 Harbour Street', 'Sydney', 'AU']]),
      ),
    });
    await stores.getByRole('button', { name: T.upload, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: SCHEME_TEXT.uploadErrorTitle, exact: true });
    await dialog.getByText(SCHEME_TEXT.uploadFailed, { exact: true }).waitFor();
    await dialog.getByText('missing column "postcode"', { exact: false }).waitFor();
    const paragraphs = await dialog.locator('p').allInnerTexts();
    expect(paragraphs[0]).toBe(SCHEME_TEXT.uploadFailed);
    expect(paragraphs[1]).toMatch(/missing column "postcode"$/);
    await answerDialog(page, SCHEME_TEXT.uploadErrorTitle);
    // The file stays chosen for another try.
    expect(await stores.getByRole('button', { name: T.upload, exact: true }).isEnabled()).toBe(
      true,
    );
    // The refusal itself (400) is expected; nothing else.
    expect(
      unexpectedErrors(errors).filter((error) => !/\bstatus(?: of|:) 400\b/.test(error)),
    ).toEqual([]);
    await page.context().close();
  });
});

describe('the progress panel at 1024 px wide', () => {
  it("never covers the step's fields", async () => {
    const { programId } = await createCardScheme(api, `Narrowpanel ${uniqueLetters()}`);
    const { page, errors } = await suite.newPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, stepRoute('gift', 'upload', programId));
    await expectStep(page, 'gift', 'upload');

    // Two entries in the panel: a store file imported, a device file uploaded.
    const stores = importSection(page, T.storeSection);
    await uploadFile(
      page,
      stores,
      'stores.txt',
      pipeFile(columnsOf('store'), [
        ['H100', 'Harbour Store', '1 Harbour Street', 'Sydney', '2000', 'AU'],
      ]),
    );
    const devices = importSection(page, T.deviceSection);
    await uploadFile(
      page,
      devices,
      'devices.txt',
      pipeFile(columnsOf('device'), [['POS-1', 'H100', 'Terminal', 'SN-1', 'secret-one']]),
    );
    expect(await controlsUnderPanel(page, SCHEME_TEXT.tabs.upload)).toEqual([]);

    await stores.getByRole('button', { name: T.import, exact: true }).click();
    await expectFigures(panelEntry(page, T.storeSection), {
      [T.currentStep]: IMPORT_STEP_TEXT.completed,
    });
    expect(await controlsUnderPanel(page, SCHEME_TEXT.tabs.upload)).toEqual([]);

    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });
});
