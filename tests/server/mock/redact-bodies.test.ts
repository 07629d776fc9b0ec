/**
 * What a call's details and a recording keep of headers and bodies: every secret as `***`,
 * in whole JSON, in JSON cut short at the cap or in lines, in JSON held in a string, a header or a
 * query, in forms and in headers; JSON that cannot be read is not shown.
 */
import { REDACTED } from '@contracts/api/mock-requests';
import { REDACTED_DEPTH } from '../../../server/http/redact-json';
import { redactBody, redactHeaders, redactUrl } from '../../../server/dev/mock/redact';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';

describe('redacting bodies and headers', () => {
  it('redacts secret members of JSON at any depth, and tokens in any value', () => {
    const body = JSON.stringify({
      username: 'admin',
      password: 'hunter2!',
      devices: [{ deviceId: 7, devicePassword: 'dp-1', pinCode: '1234' }],
      card: { cardNumber: '6123450000000001', pin: '4321' },
      note: `Bearer ${TOKEN}`,
    });
    const shown = redactBody(body, 'application/json; charset=utf-8');
    expect(JSON.parse(shown ?? '')).toEqual({
      username: 'admin',
      password: REDACTED,
      devices: [{ deviceId: 7, devicePassword: REDACTED, pinCode: REDACTED }],
      card: { cardNumber: REDACTED, pin: REDACTED },
      note: `Bearer ${REDACTED}`,
    });
  });

  it('keeps JSON text as it is only when it is its own compact form with nothing to redact', () => {
    expect(redactBody('{"a":1,"b":[true,null]}', 'application/json')).toBe(
      '{"a":1,"b":[true,null]}',
    );
    expect(redactBody('{ "a": 1 }', 'application/json')).toBe('{"a":1}');
    // JSON.parse keeps the last of two members of the same name: the first is never shown.
    expect(redactBody('{"password":"Hunter2dup","password":false}', 'application/json')).toBe(
      '{"password":false}',
    );
    expect(redactBody('{"p\\u0061ssword":"EscSecret1"}', 'application/json')).toBe(
      `{"password":"${REDACTED}"}`,
    );
  });

  it('redacts JSON cut short at the cap member by member', () => {
    const cut = '{"masterToken":"mt-secret","items":[{"pin":"9876","name":"a"},{"passw';
    const shown = redactBody(cut, 'application/json');
    expect(shown).not.toContain('mt-secret');
    expect(shown).not.toContain('9876');
    expect(shown).toContain('"name":"a"');
  });

  it('closes JSON cut short after its last whole member, dropping what the cut left unsure', () => {
    for (const [cut, shown] of [
      // A member name cut short goes, with nothing after it.
      ['{"a":1,"items":[{"pin":"9876"},{"passw', `{"a":1,"items":[{"pin":"${REDACTED}"},{}]}`],
      // A number last may be cut short (12 of 1234): it goes with its member.
      ['{"a":"x","pin":12', '{"a":"x"}'],
      ['{"a":[1,2,3', '{"a":[1,2]}'],
      // A string value cut short is closed where it stops, before an escape cut short.
      ['{"note":"abc\\u00', '{"note":"abc"}'],
      ['{"password":"hun', `{"password":"${REDACTED}"}`],
      // Digits cut short in a list may be part of a card number.
      ['{"values":["ab","41111111111', `{"values":["ab","${REDACTED}"]}`],
      // Lines of JSON, the last one cut.
      ['{"a":1}\n{"p\\u0061ssword":"x"}\n[{"tok', `{"a":1}\n{"password":"${REDACTED}"}\n[{}]`],
      ['\uFEFF{"pin":"1"', `{"pin":"${REDACTED}"}`],
    ] as const) {
      expect(redactBody(cut, 'application/json')).toBe(shown);
    }
  });

  it('shows no JSON that it cannot read', () => {
    for (const text of ['{"a":1} junk', '{"a":"b"}}', '{"p\\u0061ssword" "x"', 'not json']) {
      expect(redactBody(text, 'application/json')).toBeUndefined();
    }
    expect(redactBody('[{"p\\u0061ssword":"x"}] notes', 'text/plain')).toBeUndefined();
    expect(redactBody('[INFO] pin=1234', 'text/plain')).toBe(`[INFO] pin=${REDACTED}`);
    expect(redactBody('draft notes, password=x', 'text/plain')).toBe(
      `draft notes, password=${REDACTED}`,
    );
  });

  it('redacts JSON held in a string, a header value or a query value, and nests no deeper than it can', () => {
    expect(redactBody('{"config":"{\\"pin\\":\\"4321\\"}","n":"[x]"}', 'application/json')).toBe(
      `{"config":"{\\"pin\\":\\"${REDACTED}\\"}","n":"[x]"}`,
    );
    expect(redactHeaders({ 'x-filter': '[{"p\\u0061ssword":"x"}]', accept: '[1]' })).toEqual({
      'x-filter': `[{"password":"${REDACTED}"}]`,
      accept: '[1]',
    });
    expect(redactUrl('/x?f=%7B%22pin%22%3A%221%22%7D&q=%5Bdraft%5D&a[0][pin]=2')).toBe(
      `/x?f=${encodeURIComponent(`{"pin":"${REDACTED}"}`)}&q=%5Bdraft%5D&a[0][pin]=${REDACTED}`,
    );
    const deep = `${'['.repeat(10_000)}"x"${']'.repeat(10_000)}`;
    const shown = redactBody(deep, 'application/json') ?? '';
    expect(shown.startsWith(`${'['.repeat(REDACTED_DEPTH)}"${REDACTED}"]`)).toBe(true);
  });

  it('redacts form fields and headers by name', () => {
    expect(redactBody('user=a&password=p%40ss&keep=1', 'application/x-www-form-urlencoded')).toBe(
      `user=a&password=${REDACTED}&keep=1`,
    );
    expect(
      redactHeaders({
        authorization: `Bearer ${TOKEN}`,
        cookie: 'sid=1',
        'set-cookie': ['a=1', 'b=2'],
        'x-api-key': 'k',
        modulecode: 'THQ',
        'content-length': 12,
      }),
    ).toEqual({
      authorization: REDACTED,
      cookie: REDACTED,
      'set-cookie': REDACTED,
      'x-api-key': REDACTED,
      modulecode: 'THQ',
      'content-length': '12',
    });
  });
});
