/** Wire shapes shared by client and server (01 §3, 03 §3). Types only: no runtime code. */
import type { ErrorCode } from './constants';

/** Every error answer, from every endpoint. */
export interface ApiError {
  errorCode: ErrorCode | number;
  errorMessage: string;
}

/** Login answer, kept in the `token` cookie (01 §3). */
export interface Token {
  token: string;
  module: string;
  masterToken: string;
  /** Expiry of `token`, ISO 8601. */
  expiration: string;
  userName: string;
  userType: string;
}

export interface LoginRequest {
  username: string;
  password: string;
}

export interface RefreshRequest {
  masterToken: string;
}

export interface PageInfo {
  size: number;
  totalElements: number;
  totalPages: number;
  number: number;
}

/** List answers are embedded collections: `{ _embedded: { <name>: [...] }, page }`. */
export interface EmbeddedList<Name extends string, T> {
  _embedded: Record<Name, T[]>;
  page: PageInfo;
}

export interface Program {
  programId: number;
  programTypeId: number;
  name: string;
  shortName: string;
  abbreviation: string;
  clientId?: number;
}

/** Every lookup item has an id and a value (01 §3). */
export interface LookupItem {
  id: number;
  value: string;
}

export interface CountryState extends LookupItem {
  countryId: number;
}

/** Answer of POST {url base}/images. */
export interface ImageUploadResult {
  id: string;
}

/** Run-time configuration served by the server at GET /config.json. */
export interface RuntimeConfig {
  /** API base: most calls. Default `/api`. */
  apiBase: string;
  /** URL base: token refresh, images, review mail. Default `` (the origin root). */
  urlBase: string;
  /** Merchant-wizard API base. Default `/api`. */
  merchantApiBase: string;
  /** Seconds of inactivity before the session monitor acts. Default 600. */
  inactivityLimitSeconds: number;
  /** Hosts (host[:port]) that count as production: location flag 1 when the app is opened there. */
  productionHosts: string[];
  /** Where published sites are served, e.g. `http://localhost:3000`. Default: same origin. */
  testSiteHost: string;
  liveSiteHost: string;
}
