import {
  applyMask,
  formatFloat,
  formatRgba,
  hasNoLeadingZero,
  isAlpha,
  isAlphaNumeric,
  isAlphaNumSpace,
  isAlphaNumUnderscoreSpace,
  isColor,
  isDecimal,
  isDigitsNoLeadingZero,
  isEmail,
  isFontSize,
  isInputDate,
  isMonthlyDayInPeriod,
  isNumeric,
  isUrl,
  isWeeklyDayInPeriod,
  matchesMask,
  normalizeTag,
  nthDayRolledPastWeekend,
  parseColor,
  parseInputDate,
  roundDecimal,
  toCalendarDay,
} from '@contracts/validation/rules';

describe('character classes', () => {
  it.each([
    [isAlphaNumUnderscoreSpace, ['', 'Abc 12_x'], ['a-b', 'é', 'a.b']],
    [isAlpha, ['', 'AbC'], ['ab1', 'a b', 'é']],
    // Letters are A-Z (docs/decisions.md, "Letters are A to Z").
    [isAlphaNumSpace, ['', 'Retail Pool 1', 'ZURICH'], ['Zürich', 'Café 1', 'Pool-1', 'Ünï']],
    [isNumeric, ['', '0123', '9'], ['1.5', '-1', '1a', ' 1']],
    [isAlphaNumeric, ['', 'ab12CD'], ['ab 12', 'ab_1']],
    [isDigitsNoLeadingZero, ['1', '105'], ['0', '01', '1a', '']],
    [hasNoLeadingZero, ['', '10', 'a0'], ['0', '0abc']],
    [isFontSize, ['16', '16px', '0px'], ['px', '16 px', '1.5px', '16em', '16PX']],
    [isDecimal, ['12', '12.5', '.5', '-3.25', '12.'], ['', '.', '1,5', '1e5', 'abc']],
  ] as const)('%p', (rule, passing, failing) => {
    for (const text of passing) expect([text, rule(text)]).toEqual([text, true]);
    for (const text of failing) expect([text, rule(text)]).toEqual([text, false]);
  });
});

describe('isColor', () => {
  it.each([
    '#abc',
    '#ABCDEF',
    'transparent',
    'rgb(255,0,0)',
    'rgb( 0 , 128 , 255 )',
    'rgba(1,2,3,0.5)',
    'rgba(1, 2, 3, 1)',
    'rgba(1,2,3,0)',
    'rgba(1,2,3,.25)',
  ])('accepts %s', (text) => expect(isColor(text)).toBe(true));
  it.each([
    '#abcd',
    '#ab',
    'abc',
    '#ggg',
    'rgb(256,0,0)',
    'rgb(0,0,300)',
    'rgb(-1,0,0)',
    'rgb(1.5,0,0)',
    'rgba(1,2,3,1.5)',
    'rgba(1,2,3)',
    'rgb(1,2,3,0.5)',
    'red',
    '',
  ])('rejects %s', (text) => expect(isColor(text)).toBe(false));
  it('parses channels and formats rgba', () => {
    expect(parseColor('#0f8')).toEqual({ r: 0, g: 255, b: 136, a: 1 });
    expect(parseColor('transparent')).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    expect(formatRgba({ r: 10, g: 20, b: 30, a: 0.456 })).toBe('rgba(10, 20, 30, 0.46)');
    expect(isColor(formatRgba({ r: 255, g: 255, b: 255, a: 1 }))).toBe(true);
  });
});

describe('isEmail', () => {
  it.each(['a@b.co', 'first.last+tag@mail.example.com', "o'brien@example.ie"])(
    'accepts %s',
    (text) => expect(isEmail(text)).toBe(true),
  );
  it.each([
    'a@b',
    'a.example.com',
    '@example.com',
    'a@',
    'a b@example.com',
    'a@-example.com',
    'a@example..com',
  ])('rejects %s', (text) => expect(isEmail(text)).toBe(false));
});

describe('isUrl', () => {
  it.each([
    'http://example.com',
    'https://www.example.com/a/b?c=d#e',
    'ftp://files.example.com:21/x',
    'www.example.com',
    'https://localhost:3000',
  ])('accepts %s', (text) => expect(isUrl(text)).toBe(true));
  it.each([
    'example.com',
    'mailto:a@b.co',
    'http://',
    'http://exa mple.com',
    'https//example.com',
    'www.',
    'javascript:alert(1)',
  ])('rejects %s', (text) => expect(isUrl(text)).toBe(false));
});

describe('dd.MM.yyyy dates', () => {
  it('parses real calendar days strictly', () => {
    expect(parseInputDate('29.02.2024')).toEqual(new Date(2024, 1, 29));
    expect(isInputDate('31.12.1999')).toBe(true);
  });
  it.each([
    '31.02.2024',
    '29.02.2023',
    '32.01.2024',
    '00.01.2024',
    '15.13.2024',
    '1.2.2024',
    '01-02-2024',
    '2024-02-01',
    '01.02.24',
    '',
  ])('rejects %s', (text) => expect(parseInputDate(text)).toBeUndefined());
  it('takes Dates, dd.MM.yyyy text and epoch ms to local midnight', () => {
    expect(toCalendarDay(new Date(2024, 5, 3, 15, 30))).toEqual(new Date(2024, 5, 3));
    expect(toCalendarDay('03.06.2024')).toEqual(new Date(2024, 5, 3));
    expect(toCalendarDay(new Date(2024, 5, 3, 12).getTime())).toEqual(new Date(2024, 5, 3));
    expect(toCalendarDay(new Date(Number.NaN))).toBeUndefined();
    expect(toCalendarDay(null)).toBeUndefined();
  });
});

describe('weekly frequency check', () => {
  // 03.06.2024 is a Monday.
  const check = (day: number, start: string, end: string, frequency = 3) =>
    isWeeklyDayInPeriod({ frequency, day, start, end });

  it('passes frequencies 1 and 4 whatever the day', () => {
    expect(check(5, '03.06.2024', '03.06.2024', 1)).toBe(true);
    expect(check(5, '03.06.2024', '03.06.2024', 4)).toBe(true);
  });
  it('needs the weekday between start and end, inclusive', () => {
    expect(check(1, '03.06.2024', '05.06.2024')).toBe(true); // Monday on the start day
    expect(check(3, '03.06.2024', '05.06.2024')).toBe(true); // Wednesday on the end day
    expect(check(5, '03.06.2024', '05.06.2024')).toBe(false); // no Friday
    expect(check(5, '03.06.2024', '05.06.2024', 2)).toBe(false); // bi-weekly checks too
    expect(check(1, '04.06.2024', '09.06.2024')).toBe(false); // Tue..Sun: no Monday
    expect(check(1, '04.06.2024', '10.06.2024')).toBe(true); // a full week holds every day
  });
  it('passes missing dates and fails an inverted range', () => {
    expect(check(5, '', '05.06.2024')).toBe(true);
    expect(check(1, '05.06.2024', '03.06.2024')).toBe(false);
  });
});

describe('monthly frequency check', () => {
  const check = (day: number, start: string, end: string, frequency = 1) =>
    isMonthlyDayInPeriod({ frequency, day, start, end });

  it('moves a weekend day forward to Monday', () => {
    expect(nthDayRolledPastWeekend(2024, 5, 1)).toEqual(new Date(2024, 5, 3)); // Sat 1 June → Mon 3
    expect(nthDayRolledPastWeekend(2024, 8, 1)).toEqual(new Date(2024, 8, 2)); // Sun 1 Sep → Mon 2
    expect(nthDayRolledPastWeekend(2024, 4, 1)).toEqual(new Date(2024, 4, 1)); // Wed stays
  });
  it('passes frequencies 2, 3 and 4', () => {
    for (const frequency of [2, 3, 4])
      expect(check(1, '04.06.2024', '05.06.2024', frequency)).toBe(true);
  });
  it('checks the rolled-forward day: Saturday the 1st counts as Monday the 3rd', () => {
    expect(check(1, '01.06.2024', '02.06.2024')).toBe(false); // the 1st is in range, Monday the 3rd is not
    expect(check(1, '03.06.2024', '05.06.2024')).toBe(true); // Monday the 3rd in range
    expect(check(1, '01.09.2024', '01.09.2024')).toBe(false); // Sunday the 1st → Monday the 2nd
    expect(check(1, '02.09.2024', '02.09.2024')).toBe(true);
    expect(check(2, '01.05.2024', '01.05.2024')).toBe(false); // Thursday the 2nd is out
    expect(check(2, '02.05.2024', '02.05.2024')).toBe(true);
  });
  it('looks at every month the range touches', () => {
    expect(check(3, '20.05.2024', '05.06.2024')).toBe(true); // Monday 3 June
    expect(check(3, '04.06.2024', '30.06.2024')).toBe(false);
  });
  it('passes a range over 31 days; at exactly 31 days it still checks', () => {
    // Wed 1 May → next 1st is Sat 1 June, rolled to Mon 3 June: 2 May..2 June (31 days) holds neither.
    expect(check(1, '02.05.2024', '02.06.2024')).toBe(false);
    expect(check(1, '02.05.2024', '03.06.2024')).toBe(true); // 32 days
    expect(check(5, '10.01.2024', '11.02.2024')).toBe(true); // 32 days
  });
  it('passes missing dates and fails an inverted range', () => {
    expect(check(1, '02.05.2024', '')).toBe(true);
    expect(check(1, '05.06.2024', '01.06.2024')).toBe(false);
  });
});

describe('two-decimal rounding and clamping', () => {
  it.each([
    ['12.345', '12.35'],
    ['1.005', '1.01'],
    ['1.004', '1.00'],
    ['12', '12.00'],
    ['12.', '12.00'],
    ['.5', '0.50'],
    ['0.995', '1.00'],
    ['-1.005', '-1.01'],
    ['-0.001', '0.00'],
    ['9999.999', '10000.00'],
  ])('%s → %s', (input, expected) => expect(roundDecimal(input)).toBe(expected));
  it('rounds numbers on their decimal text', () => {
    expect(roundDecimal(1.005)).toBe('1.01');
    expect(roundDecimal(1e-7)).toBe('0.00');
    expect(roundDecimal(Number.NaN)).toBeUndefined();
  });
  it('clamps to min and max after rounding', () => {
    expect(formatFloat('10000', { min: 0, max: 9999.99 })).toBe('9999.99');
    expect(formatFloat('9999.994', { min: 0, max: 9999.99 })).toBe('9999.99');
    expect(formatFloat('9999.996', { min: 0, max: 9999.99 })).toBe('9999.99');
    expect(formatFloat('-5', { min: 0, max: 9999.99 })).toBe('0.00');
    expect(formatFloat('5.5', { min: 0, max: 9999.99 })).toBe('5.50');
    expect(formatFloat('abc', { min: 0 })).toBeUndefined();
  });
});

describe('applyMask', () => {
  it('fills digit slots and inserts literals as the next character arrives', () => {
    expect(applyMask('00-00', '1')).toBe('1');
    expect(applyMask('00-00', '12')).toBe('12');
    expect(applyMask('00-00', '123')).toBe('12-3');
    expect(applyMask('00-00', '12345')).toBe('12-34');
    expect(applyMask('00-00', '12-')).toBe('12-'); // a typed literal is kept
    expect(applyMask('(000) 000', '123456')).toBe('(123) 456');
  });
  it('drops characters that do not fit their slot', () => {
    expect(applyMask('0000', '1a2b3')).toBe('123');
    expect(applyMask('AA-00', 'a1b22')).toBe('ab-22');
    expect(applyMask('***', 'a_1-B')).toBe('a1B');
  });
  it('lowers letters typed into A slots', () => {
    expect(applyMask('AAA', 'AbC')).toBe('abc');
  });
  it('is idempotent on its output', () => {
    const once = applyMask('000-000000-00', '12345678901');
    expect(once).toBe('123-456789-01');
    expect(applyMask('000-000000-00', once)).toBe(once);
  });
  it('tells a complete value', () => {
    expect(matchesMask('00-00', '12-34')).toBe(true);
    expect(matchesMask('00-00', '12-3')).toBe(false);
    expect(matchesMask('AA', 'Ab')).toBe(false);
  });
});

describe('normalizeTag', () => {
  it('trims and replaces spaces with dashes', () => {
    expect(normalizeTag('  new   york ', [])).toEqual({ ok: true, tag: 'new-york' });
  });
  it('needs at least three characters by default', () => {
    expect(normalizeTag(' ab ', [])).toEqual({ ok: false, reason: 'tooShort', tag: 'ab' });
    expect(normalizeTag('abc', [])).toEqual({ ok: true, tag: 'abc' });
    expect(normalizeTag('abcd', [], 5)).toMatchObject({ ok: false, reason: 'tooShort' });
  });
  it('rejects duplicates case-insensitively', () => {
    expect(normalizeTag('ALPHA', ['alpha'])).toEqual({
      ok: false,
      reason: 'duplicate',
      tag: 'ALPHA',
    });
    expect(normalizeTag('new york', ['New-York'])).toMatchObject({ reason: 'duplicate' });
  });
  it('ignores blank text', () => {
    expect(normalizeTag('   ', [])).toMatchObject({ ok: false, reason: 'empty' });
  });
});
