/** TokenService keeps tokens it verified: a kept token is still refused where the rules refuse it. */
import { TokenService } from '../../server/auth/tokens';

const SECRET = 'tokens-test-secret-0123456789-abcdefghij';

describe('TokenService', () => {
  const tokens = new TokenService({ secret: SECRET, accessTtlSeconds: 60, masterTtlSeconds: 600 });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('accepts a token again and again, and only as its own kind', () => {
    const { token } = tokens.sign('access', 'admin', 'session-1');
    for (let n = 0; n < 3; n += 1) {
      expect(tokens.verify(token, 'access')).toMatchObject({
        kind: 'access',
        userName: 'admin',
        sessionId: 'session-1',
      });
      expect(tokens.verify(token, 'master')).toBeUndefined();
    }
  });

  it('refuses a token changed in any part after the original was accepted', () => {
    const { token } = tokens.sign('access', 'admin', 'session-2');
    expect(tokens.verify(token, 'access')).toBeDefined();
    const [header = '', payload = '', signature = ''] = token.split('.');
    const flipped = (part: string) => `${part.slice(0, -2)}${part.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const changed of [
      `${header}.${payload}.${flipped(signature)}`,
      `${header}.${flipped(payload)}.${signature}`,
      `${header}.${payload}`,
      `${token}x`,
    ]) {
      expect(tokens.verify(changed, 'access')).toBeUndefined();
    }
  });

  it('refuses a token it accepted once its expiry is reached', () => {
    const now = Date.UTC(2030, 0, 1, 0, 0, 0, 0);
    jest.useFakeTimers({ now, doNotFake: ['nextTick', 'setImmediate', 'setTimeout'] });
    const { token } = tokens.sign('access', 'admin', 'session-3');
    expect(tokens.verify(token, 'access')).toBeDefined();
    jest.setSystemTime(now + 59_999);
    expect(tokens.verify(token, 'access')).toBeDefined();
    jest.setSystemTime(now + 60_000);
    expect(tokens.verify(token, 'access')).toBeUndefined();
    expect(
      new TokenService({ secret: SECRET, accessTtlSeconds: 60, masterTtlSeconds: 600 }).verify(
        token,
        'access',
      ),
    ).toBeUndefined();
  });
});
