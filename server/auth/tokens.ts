/**
 * Access and master tokens: HS256 JWTs carrying the user name (`sub`), the session id (`sid`)
 * and their kind (`typ`). A master token is never accepted where an access token is expected,
 * and the other way round.
 */
import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

export type TokenKind = 'access' | 'master';

export interface TokenClaims {
  kind: TokenKind;
  userName: string;
  sessionId: string;
  expiresAt: Date;
}

export interface SignedToken {
  token: string;
  expiresAt: Date;
}

export interface TokenSettings {
  secret: string;
  accessTtlSeconds: number;
  masterTtlSeconds: number;
}

const ALGORITHM = 'HS256';

/** A token that passed jwt.verify: its kind, user, session and expiry (seconds). */
interface VerifiedToken {
  kind: TokenKind;
  userName: string;
  sessionId: string;
  exp: number;
}

/** Verified tokens kept at most (then forgotten all at once; one per live client suffices). */
const MAX_VERIFIED_TOKENS = 10_000;

export class TokenService {
  /**
   * The secret as a KeyObject, made once. Given a string, jsonwebtoken 9 first tries to read it
   * as a public key (crypto.createPublicKey, which throws) on every sign and verify, then falls
   * back to a secret key: that alone took a quarter of the server's CPU under load.
   * The key holds the string's UTF-8 bytes, exactly what jsonwebtoken makes of the string.
   */
  private readonly key: KeyObject;

  constructor(private readonly settings: TokenSettings) {
    this.key = createSecretKey(Buffer.from(settings.secret, 'utf8'));
  }

  sign(kind: TokenKind, userName: string, sessionId: string): SignedToken {
    const ttl = kind === 'access' ? this.settings.accessTtlSeconds : this.settings.masterTtlSeconds;
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAtSeconds = issuedAt + ttl;
    // jti: two tokens signed in the same second for one session still differ.
    const token = jwt.sign(
      { typ: kind, sid: sessionId, iat: issuedAt, exp: expiresAtSeconds },
      this.key,
      { algorithm: ALGORITHM, subject: userName, jwtid: randomBytes(8).toString('hex') },
    );
    return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
  }

  /**
   * Tokens whose signature was checked with this key, and their claims. A client sends the same
   * access token with every call until it is renewed; checking its signature again (decode, HMAC,
   * compare) was a measurable part of each API call. Only tokens that passed
   * jwt.verify are kept, and the expiry is still checked on every call exactly as jwt.verify
   * checks it; whether the session is live is checked by the caller on every call (requireAuth).
   */
  private readonly verified = new Map<string, VerifiedToken>();

  /** The claims of a valid, unexpired token of `kind`; undefined for anything else. */
  verify(token: string, kind: TokenKind): TokenClaims | undefined {
    const known = this.verified.get(token) ?? this.checkSignature(token);
    if (known === undefined || known.kind !== kind) return undefined;
    // jwt.verify's own rule: expired once the clock (in whole seconds) reaches exp.
    if (Math.floor(Date.now() / 1000) >= known.exp) {
      this.verified.delete(token);
      return undefined;
    }
    return {
      kind,
      userName: known.userName,
      sessionId: known.sessionId,
      expiresAt: new Date(known.exp * 1000),
    };
  }

  /** jwt.verify (signature, algorithm, expiry) and the claims' shape; kept when valid. */
  private checkSignature(token: string): VerifiedToken | undefined {
    let payload: string | jwt.JwtPayload;
    try {
      payload = jwt.verify(token, this.key, { algorithms: [ALGORITHM] });
    } catch {
      return undefined;
    }
    if (typeof payload === 'string') return undefined;
    const { typ, sid, sub, exp } = payload;
    if (
      (typ !== 'access' && typ !== 'master') ||
      typeof sid !== 'string' ||
      typeof sub !== 'string' ||
      typeof exp !== 'number'
    ) {
      return undefined;
    }
    const verified: VerifiedToken = { kind: typ, userName: sub, sessionId: sid, exp };
    if (this.verified.size >= MAX_VERIFIED_TOKENS) this.verified.clear();
    this.verified.set(token, verified);
    return verified;
  }
}

/** The token from an Authorization header: as stored by the client, or after `Bearer `. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (value === undefined || value === '') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(value);
  return match?.[1] ?? value;
}
