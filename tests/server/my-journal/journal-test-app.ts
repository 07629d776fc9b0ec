/** The real app with a signed-in admin, request shortcuts on the API base, and a write check. */
import request from 'supertest';
import { AUTH_HEADER } from '@contracts/api/constants';
import type { ApiError, ImageUploadResult } from '@contracts/api/entities';
import { JOURNAL_PATHS, type JournalProfile } from '@contracts/api/journal';
import { URL_PATHS } from '@contracts/api/paths';
import { PNG_BYTES } from '../support/fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/** The seeded demo site (db.json): program 1 "Demo Gift Card" (DGC), published. */
export const DEMO_PROFILE = { profileId: 1, programId: 1, siteUrl: 'demo-gift' } as const;
export const DEMO_MODULE_CODE = { moduleCodeId: 1, code: 'MJC_1DGC1' } as const;

export interface JournalTestApp extends TestApp {
  token: string;
  get(path: string): request.Test;
  post(path: string, body: unknown): request.Test;
  put(path: string, body: unknown): request.Test;
  /** Uploads a PNG through the image endpoint and answers its id. */
  uploadImage(): Promise<string>;
  /** The stored profile, read through the API. */
  profile(id: number): Promise<JournalProfile>;
  /** Runs `send` and checks that the data file did not change by a byte. */
  expectNothingWritten(send: () => Promise<unknown>): Promise<void>;
}

export async function createJournalTestApp(): Promise<JournalTestApp> {
  const t = await createTestApp();
  const token = (await t.login()).token;
  const api = (path: string) => `/api${path}`;
  const app: JournalTestApp = {
    ...t,
    token,
    get: (path) => request(t.app).get(api(path)).set(AUTH_HEADER, token),
    post: (path, body) =>
      request(t.app)
        .post(api(path))
        .set(AUTH_HEADER, token)
        .send(body as object),
    put: (path, body) =>
      request(t.app)
        .put(api(path))
        .set(AUTH_HEADER, token)
        .send(body as object),
    async uploadImage() {
      const response = await request(t.app)
        .post(URL_PATHS.images)
        .set(AUTH_HEADER, token)
        .attach('file', PNG_BYTES, { filename: 'logo.png', contentType: 'image/png' })
        .expect(200);
      return (response.body as ImageUploadResult).id;
    },
    async profile(id) {
      const response = await app.get(JOURNAL_PATHS.profile(id)).expect(200);
      return response.body as JournalProfile;
    },
    async expectNothingWritten(send) {
      const before = await t.dataFileBytes();
      await send();
      expect(await t.dataFileBytes()).toEqual(before);
    },
  };
  return app;
}

/** Checks an error answer: status, JSON content type and `{ errorCode, errorMessage }`. */
export function expectError(response: request.Response, status: number, body: ApiError): void {
  expect({ status: response.status, body: response.body as unknown }).toEqual({ status, body });
  expect(response.headers['content-type']).toMatch(/^application\/json/);
}
