import { IMPORT_ERROR_FILE_SUFFIX, errorFileDownloadName } from '@contracts/api/imports';
import { buildCardBin, buildGiftConfig, buildLoyaltyConfig } from '../../support/builders';
import {
  cardImportDefaults,
  cardImportReady,
  extensionOptions,
  formatCount,
  importPercent,
  importRequestOf,
  successLinesOf,
  uploadPercent,
} from '@/features/schemes/lib/imports';

describe('Stores & Devices rules (03 §4, §5 Import, §9)', () => {
  it('the percentage is lines read of the total, whole, capped at 100, 0 before lines are counted', () => {
    expect(importPercent({ currentLine: 0, totalLines: 0 })).toBe(0);
    expect(importPercent({ currentLine: 5, totalLines: 0 })).toBe(0);
    expect(importPercent({ currentLine: 1, totalLines: 3 })).toBe(33);
    expect(importPercent({ currentLine: 3, totalLines: 3 })).toBe(100);
    expect(importPercent({ currentLine: 7, totalLines: 3 })).toBe(100);
    expect(uploadPercent({ loaded: 512, total: 1024 })).toBe(50);
    expect(uploadPercent({ loaded: 2048, total: 1024 })).toBe(100);
    expect(uploadPercent({ loaded: 10, total: 0 })).toBe(0);
    expect(successLinesOf({ currentLine: 10, numErrorLines: 3 })).toBe(7);
    expect(successLinesOf({ currentLine: 0, numErrorLines: 3 })).toBe(0);
  });

  it('counts take thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it("names an error file after the operator's file, its extension replaced", () => {
    expect(IMPORT_ERROR_FILE_SUFFIX).toBe('.errors.txt');
    expect(errorFileDownloadName('cards.txt')).toBe('cards.errors.txt');
    expect(errorFileDownloadName('May stores.v2.csv')).toBe('May stores.v2.errors.txt');
    expect(errorFileDownloadName('devices')).toBe('devices.errors.txt');
    expect(errorFileDownloadName('.hidden')).toBe('.hidden.errors.txt');
    expect(errorFileDownloadName('C:\\files\\cards.txt')).toBe('cards.errors.txt');
    expect(errorFileDownloadName('')).toBe('import.errors.txt');
  });

  it('offers the configured suffixes, zero-padded to the extension length, each once', () => {
    expect(
      extensionOptions(
        buildGiftConfig({
          suffixLength: 3,
          suffixStand: '1',
          suffixBulk: '002',
          suffixVirtual: '3',
        }),
      ),
    ).toEqual(['001', '002', '003']);
    expect(
      extensionOptions(
        buildLoyaltyConfig({ suffixLength: 2, suffixStand: '04', suffixVirtual: null }),
      ),
    ).toEqual(['04']);
    expect(extensionOptions(buildGiftConfig({ suffixStand: null }))).toEqual([]);
    expect(extensionOptions(null)).toEqual([]);
  });

  it('needs all three card fields, digits within their lengths; pre-fills from the BIN', () => {
    expect(cardImportDefaults(buildCardBin({ number: '627182', cardLength: 16 }))).toEqual({
      binNumber: '627182',
      cardLength: '16',
    });
    expect(cardImportDefaults(undefined)).toEqual({});
    const ok = { binNumber: '627182', extension: '001', cardLength: '16' };
    expect(cardImportReady(ok)).toBe(true);
    expect(cardImportReady({ ...ok, extension: undefined })).toBe(false);
    expect(cardImportReady({ ...ok, binNumber: '1234567890' })).toBe(false);
    expect(cardImportReady({ ...ok, binNumber: '62718a' })).toBe(false);
    expect(cardImportReady({ ...ok, cardLength: '123' })).toBe(false);
  });

  it('sends the card fields with a card import only', () => {
    const names = { programId: 11, fileName: 'f-1', userFileName: 'cards.txt' };
    const card = { binNumber: '627182', extension: '001', cardLength: '16' };
    expect(importRequestOf('card', names, card)).toEqual({ ...names, ...card, cardLength: 16 });
    expect(importRequestOf('store', names, card)).toEqual(names);
    expect(importRequestOf('device', names, card)).toEqual(names);
  });
});
