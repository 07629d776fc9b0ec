/**
 * What a call's details and a recording keep of headers and bodies: every secret as `***`,
 * in whole JSON, in JSON cut short at the cap, in forms and in headers.
 */
import { REDACTED } from '@contracts/api/mock-requests';
import { redactBody, redactHeaders } from '../../../server/dev/mock/redact';

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
    expect(JSON.parse(shown)).toEqual({
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
