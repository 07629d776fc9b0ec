import {
  clearsTopups,
  moneyNumber,
  toConfigBody,
  toConfigValues,
} from '@/features/schemes/lib/configuration-form';
import {
  canToggleSuffix,
  padSuffix,
  suffixFieldsOf,
  suffixFor,
  suffixPosition,
} from '@/features/schemes/lib/suffixes';
import { buildGiftConfig, buildLoyaltyConfig } from '../../support/builders';

describe('suffix rules (03 §4)', () => {
  it('numbers Standard, Bulk Order and Virtual base+1, +2, +3 by position', () => {
    expect(suffixPosition('suffixStand')).toBe(1);
    expect(suffixPosition('suffixBulk')).toBe(2);
    expect(suffixPosition('suffixVirtual')).toBe(3);
    expect(suffixFor('suffixStand', 3, 3)).toBe('004');
    expect(suffixFor('suffixBulk', 3, 3)).toBe('005');
    expect(suffixFor('suffixVirtual', 3, 3)).toBe('006');
  });

  it('pads with zeros to the extension length', () => {
    expect(padSuffix(7, 4)).toBe('0007');
    expect(padSuffix(12, 2)).toBe('12');
    expect(suffixFor('suffixStand', 0, 2)).toBe('01');
  });

  it('gives nothing before the base is known or when the number no longer fits', () => {
    expect(suffixFor('suffixStand', undefined, 3)).toBeUndefined();
    expect(suffixFor('suffixStand', 4, undefined)).toBeUndefined();
    expect(suffixFor('suffixVirtual', 97, 2)).toBeUndefined();
    expect(suffixFor('suffixBulk', 97, 2)).toBe('99');
  });

  it('loyalty has no Bulk Order suffix', () => {
    expect(suffixFieldsOf(true)).toEqual(['suffixStand', 'suffixBulk', 'suffixVirtual']);
    expect(suffixFieldsOf(false)).toEqual(['suffixStand', 'suffixVirtual']);
  });

  it('a saved suffix is locked; a ticked one can always be unticked', () => {
    expect(canToggleSuffix({ saved: true, ticked: true, assignable: true })).toBe(false);
    expect(canToggleSuffix({ saved: false, ticked: false, assignable: false })).toBe(false);
    expect(canToggleSuffix({ saved: false, ticked: false, assignable: true })).toBe(true);
    expect(canToggleSuffix({ saved: false, ticked: true, assignable: false })).toBe(true);
  });
});

describe('configuration form values (03 §3, §5)', () => {
  it('money is sent clamped to 0.00-9999.99 with two decimals', () => {
    expect(moneyNumber('12.345')).toBe(12.35);
    expect(moneyNumber('12000')).toBe(9999.99);
    expect(moneyNumber(5)).toBe(5);
  });

  it('clears the top-ups only when a min or max is empty', () => {
    expect(clearsTopups({ topupMin: '', topupMax: '10.00' })).toBe(true);
    expect(clearsTopups({ topupMin: '1.00', topupMax: undefined })).toBe(true);
    expect(clearsTopups({ topupMin: '1.00', topupMax: '10.00' })).toBe(false);
  });

  it('a gift configuration goes round the form unchanged', () => {
    const config = buildGiftConfig({ programId: 7, suffixBulk: '002', numberBulkCards: 5 });
    const values = toConfigValues(config, undefined);
    expect(values.creditMax).toBe('1000.00');
    const body = toConfigBody(values, { programId: 7, programTypeId: 1, suffixLength: 3 });
    expect(body).toEqual(config);
  });

  it('a loyalty body carries no gift field', () => {
    const config = buildLoyaltyConfig({ programId: 8 });
    const body = toConfigBody(toConfigValues(config, undefined), {
      programId: 8,
      programTypeId: 3,
      suffixLength: 3,
    });
    expect(body).toEqual(config);
    for (const giftOnly of ['creditMin', 'topupMax', 'multiTopup', 'suffixBulk']) {
      expect(body).not.toHaveProperty(giftOnly);
    }
  });

  it('a new configuration starts on the given own BIN with every box unticked', () => {
    expect(toConfigValues(null, 4)).toEqual({
      liveCardBinId: 4,
      expiryExtend: 0,
      multiTopup: 0,
      merchantTopup: 0,
      merchantLoyaltyRedeem: 0,
      merchantRedeem: 0,
    });
  });

  it('a card count without its suffix is not sent', () => {
    const values = {
      ...toConfigValues(buildGiftConfig(), undefined),
      suffixStand: undefined,
      numberStandCards: '12',
    };
    const body = toConfigBody(values, { programId: 1, programTypeId: 1, suffixLength: 3 });
    expect(body).toMatchObject({ suffixStand: null, numberStandCards: null });
  });
});
