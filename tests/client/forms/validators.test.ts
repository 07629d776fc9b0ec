import { FIELD_MESSAGES as M } from '@contracts/api/messages';
import {
  alphaNumOnly,
  alphaNumUnderscoreSpace,
  alphaOnly,
  areEqual,
  checkFormat,
  color,
  composeValidators,
  decimal,
  digitOnly,
  email,
  endAfterStart,
  everyItem,
  fontSize,
  greaterThan,
  lessThan,
  matches,
  maxLength,
  minLength,
  monthlyFrequency,
  nonZeroStart,
  notOver,
  numOnly,
  required,
  startBeforeEnd,
  url,
  weeklyFrequency,
} from '@/lib/forms/validators';
import type { TextValue, Validator } from '@/lib/forms/validators';

const none = {};

describe('required', () => {
  it.each([undefined, null, '', '   ', [], false])('fails on %p', (value) =>
    expect(required(value, none)).toBe(M.required),
  );
  it.each(['a', 0, true, ['x'], new Date()])('passes %p', (value) =>
    expect(required(value, none)).toBeUndefined(),
  );
});

describe('text checks', () => {
  const cases: Array<[string, Validator<TextValue>, string, TextValue[], TextValue[]]> = [
    ['email', email, M.email, ['a@b.co'], ['a@b', 'x']],
    ['url', url, M.url, ['https://a.com', 'www.a.com'], ['a.com']],
    ['alphaNumUnderscoreSpace', alphaNumUnderscoreSpace, M.alphaNumOnly, ['My_scheme 1'], ['a-b']],
    ['alphaOnly', alphaOnly, M.alphaOnly, ['Abc'], ['Ab1', 'a b']],
    ['numOnly', numOnly, M.numOnly, ['0012', 12], ['1.5', '12a']],
    ['alphaNumOnly', alphaNumOnly, M.alphaNumOnly, ['ab12'], ['ab 12']],
    ['digitOnly', digitOnly, M.digitOnly, ['102', 7], ['0102', '0', '1a']],
    ['nonZeroStart', nonZeroStart, M.nonZeroStart, ['102', 'a0'], ['0102', '0']],
    ['decimal', decimal, M.numOnly, ['12.50', 3.5], ['1,5', 'abc']],
    ['fontSize', fontSize, M.fontSize, ['16', '16px'], ['16em', 'px']],
    [
      'color',
      color,
      M.color,
      ['#fff', 'transparent', 'rgb(255,0,0)', 'rgba(0,0,0,0.5)'],
      ['rgb(256,0,0)', '#abcd'],
    ],
  ];
  it.each(cases)(
    '%s passes on empty input, valid values, and reports its message',
    (_name, validator, message, good, bad) => {
      expect(validator(undefined, none)).toBeUndefined();
      expect(validator(null, none)).toBeUndefined();
      expect(validator('', none)).toBeUndefined();
      for (const value of good) expect([value, validator(value, none)]).toEqual([value, undefined]);
      for (const value of bad) expect([value, validator(value, none)]).toEqual([value, message]);
    },
  );
});

describe('matches', () => {
  it("checks the caller's pattern, with the caller's message, and passes on empty input", () => {
    const slug = matches(/^[a-z-]+$/, 'Letters and - only');
    expect(slug('my-site', none)).toBeUndefined();
    expect(slug('my site', none)).toBe('Letters and - only');
    expect(slug('', none)).toBeUndefined();
    expect(slug(undefined, none)).toBeUndefined();
  });
});

describe('lengths', () => {
  it('checks text length and passes on empty input', () => {
    expect(minLength(4)('abc', none)).toBe(M.minlength);
    expect(minLength(4)('abcd', none)).toBeUndefined();
    expect(minLength(4)('', none)).toBeUndefined();
    expect(maxLength(3)('abcd', none)).toBe(M.maxlength);
    expect(maxLength(3)('abc', none)).toBeUndefined();
    expect(maxLength(3)(1234, none)).toBe(M.maxlength);
    expect(maxLength(3)(undefined, none)).toBeUndefined();
  });
  it('counts list items', () => {
    expect(maxLength(1)(['a', 'b'], none)).toBe(M.maxlength);
  });
});

describe('comparisons with another field', () => {
  it('areEqual compares as text and passes on empty input', () => {
    const repeat = areEqual('password');
    expect(repeat('secret', { password: 'secret' })).toBeUndefined();
    expect(repeat('secreT', { password: 'secret' })).toBe(M.areEqual);
    expect(repeat('12', { password: 12 })).toBeUndefined();
    expect(repeat('', { password: 'secret' })).toBeUndefined();
    expect(repeat('x', {})).toBe(M.areEqual);
  });
  it('reads nested field names', () => {
    expect(areEqual('bank.authority')('5', { bank: { authority: '5' } })).toBeUndefined();
  });
  it('lessThan: strictly under the other (minOverMax)', () => {
    const min = lessThan('max');
    expect(min('5.00', { max: '10.00' })).toBeUndefined();
    expect(min('10.00', { max: '10.00' })).toBe(M.minOverMax);
    expect(min(11, { max: 10 })).toBe(M.minOverMax);
    expect(min('', { max: '10' })).toBeUndefined();
    expect(min('5', {})).toBeUndefined();
    expect(min('abc', { max: '1' })).toBeUndefined();
  });
  it('greaterThan: strictly over the other (maxBelowMin)', () => {
    const max = greaterThan('min');
    expect(max('10', { min: '5' })).toBeUndefined();
    expect(max('5', { min: '5' })).toBe(M.maxBelowMin);
    expect(max(undefined, { min: '5' })).toBeUndefined();
  });
  it('notOver: equal is allowed (transOverLimit)', () => {
    const topUp = notOver('creditMax');
    expect(topUp('100.00', { creditMax: '100.00' })).toBeUndefined();
    expect(topUp('100.01', { creditMax: '100.00' })).toBe(M.transOverLimit);
    expect(topUp('', { creditMax: '1' })).toBeUndefined();
  });
});

describe('dates', () => {
  const start = new Date(2024, 5, 3);
  const end = new Date(2024, 5, 10);
  it('startBeforeEnd / endAfterStart allow the same day', () => {
    expect(startBeforeEnd('endDate')(start, { endDate: end })).toBeUndefined();
    expect(startBeforeEnd('endDate')(end, { endDate: start })).toBe(M.startDateValidation);
    expect(startBeforeEnd('endDate')(new Date(2024, 5, 3, 18), { endDate: start })).toBeUndefined();
    expect(endAfterStart('startDate')(end, { startDate: start })).toBeUndefined();
    expect(endAfterStart('startDate')(start, { startDate: end })).toBe(M.endDateValidation);
    expect(endAfterStart('startDate')('03.06.2024', { startDate: '10.06.2024' })).toBe(
      M.endDateValidation,
    );
  });
  it('pass when either date is missing', () => {
    expect(startBeforeEnd('endDate')(null, { endDate: end })).toBeUndefined();
    expect(endAfterStart('startDate')(end, {})).toBeUndefined();
  });
  it('checkFormat: dd.MM.yyyy text or a valid Date', () => {
    expect(checkFormat('29.02.2024', none)).toBeUndefined();
    expect(checkFormat('31.02.2024', none)).toBe(M.checkFormat);
    expect(checkFormat('2024-02-01', none)).toBe(M.checkFormat);
    expect(checkFormat(new Date(Number.NaN), none)).toBe(M.checkFormat);
    expect(checkFormat(start, none)).toBeUndefined();
    expect(checkFormat(null, none)).toBeUndefined();
    expect(checkFormat('', none)).toBeUndefined();
  });
  it('checkFormat: a day before 01.01.1970 is not valid (the wire carries epoch seconds)', () => {
    expect(checkFormat('31.12.1969', none)).toBe(M.checkFormat);
    expect(checkFormat(new Date(1960, 0, 1), none)).toBe(M.checkFormat);
    expect(checkFormat('01.01.1970', none)).toBeUndefined();
    expect(checkFormat('31.12.9999', none)).toBeUndefined();
  });
});

describe('frequency validators', () => {
  // Monday 3 June 2024 to Wednesday 5 June 2024.
  const values = (frequency: number | undefined) => ({
    frequency,
    startDate: new Date(2024, 5, 3),
    endDate: new Date(2024, 5, 5),
  });
  it('weekly: day of week inside the period', () => {
    const validate = weeklyFrequency();
    expect(validate(1, values(3))).toBeUndefined();
    expect(validate(5, values(3))).toBe(M.dateValidationWeekly);
    expect(validate(5, values(1))).toBeUndefined();
    expect(validate('5', values(4))).toBeUndefined();
  });
  it('monthly: rolled nth day inside the period', () => {
    const validate = monthlyFrequency();
    expect(validate(1, values(1))).toBeUndefined(); // Sat 1 June → Mon 3 June
    const fromTuesday = { ...values(1), startDate: new Date(2024, 5, 4) };
    expect(validate(1, fromTuesday)).toBe(M.dateValidationMonthly);
    expect(validate(4, fromTuesday)).toBeUndefined();
    expect(validate(1, { ...fromTuesday, frequency: 2 })).toBeUndefined();
  });
  it('asks for a frequency first and passes on empty input', () => {
    expect(weeklyFrequency()(2, values(undefined))).toBe(M.frequencyNotSelected);
    expect(monthlyFrequency()(2, { ...values(undefined), frequency: '' })).toBe(
      M.frequencyNotSelected,
    );
    expect(weeklyFrequency()(undefined, values(undefined))).toBeUndefined();
    expect(monthlyFrequency()('', values(1))).toBeUndefined();
  });
  it('reads other field names when given', () => {
    const validate = weeklyFrequency({ frequency: 'f.id', startDate: 'from', endDate: 'to' });
    expect(validate(5, { f: { id: 3 }, from: '03.06.2024', to: '05.06.2024' })).toBe(
      M.dateValidationWeekly,
    );
  });
});

describe('composeValidators and everyItem', () => {
  it('returns the first message and skips falsy entries', () => {
    const validate = composeValidators<TextValue>(required, false, maxLength(3), alphaOnly);
    expect(validate('', none)).toBe(M.required);
    expect(validate('abcd', none)).toBe(M.maxlength);
    expect(validate('a1', none)).toBe(M.alphaOnly);
    expect(validate('abc', none)).toBeUndefined();
  });
  it('checks every item of a list', () => {
    const validate = everyItem(email);
    expect(validate(['a@b.co', 'c@d.co'], none)).toBeUndefined();
    expect(validate(['a@b.co', 'nope'], none)).toBe(M.email);
    expect(validate(undefined, none)).toBeUndefined();
  });
});
