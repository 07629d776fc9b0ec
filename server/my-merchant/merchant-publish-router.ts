/**
 * Publishing a merchant site (02 §3, §4, §7) on the merchant base:
 *   POST /mymerchant/modulecode            { name, code, programId } → 200 the module code.
 *        code = MMC_ + program id + abbreviation + the id of a merchant profile of that program;
 *        it is kept in the shared module-code store and set on the profile. Sending the same
 *        code again (publishing after an unpublish) answers the stored one.
 *   POST /mymerchant/profilepublish/live   { creationDate, programId, profileId,
 *        profileLocationId: 0 } → 200 the publish record; the profile must be published.
 */
import { type Router } from 'express';
import {
  MERCHANT_MODULE_ID,
  MERCHANT_PATHS,
  MERCHANT_TEXT,
  merchantModuleCodePrefix,
  type MerchantModuleCode,
  type MerchantProfile,
  type MerchantPublishRecord,
} from '@contracts/api/merchant';
import { authOf } from '../auth/require-auth';
import type { Store } from '../db/store';
import { conflict, validationError } from '../http/errors';
import { validate } from '../http/validate';
import { nextId } from '../my-journal/journal-rules';
import {
  findMerchantProfile,
  merchantProfileIndex,
  requireProgramReference,
} from './merchant-rules';
import { merchantModuleCodeBody, publishBody } from './merchant-schemas';
import { recordedRouter } from '../http/route-table';

const PROFILE_ID = /^[1-9]\d{0,8}$/;

export function createMerchantPublishRouter(store: Store): Router {
  const router = recordedRouter();

  router.post(
    MERCHANT_PATHS.moduleCode,
    validate({ body: merchantModuleCodeBody }),
    async (req, res) => {
      const { name, code, programId } = req.body;
      const answer = await store.update((data): MerchantModuleCode => {
        const program = requireProgramReference(data, programId);
        const prefix = merchantModuleCodePrefix(programId, program.schemeAbbreviation);
        const profileIdText = code.startsWith(prefix) ? code.slice(prefix.length) : '';
        const profileId = PROFILE_ID.test(profileIdText) ? Number(profileIdText) : undefined;
        const profile = data.merchantProfiles.find(
          (candidate) => candidate.id === profileId && candidate.programId === programId,
        );
        if (profile === undefined) {
          throw validationError(
            'code',
            `Must be ${prefix} followed by the id of a merchant profile of program ${programId}`,
          );
        }
        // Codes identify a site at login (moduleCode header): unique, whatever the case.
        const existing = data.moduleCodes.find(
          (stored) => stored.code.toLowerCase() === code.toLowerCase(),
        );
        if (existing !== undefined && existing.programId !== programId) {
          throw conflict('code', `${code} is already used`);
        }
        const moduleCode = existing ?? {
          moduleCodeId: nextId(data.moduleCodes, (stored) => stored.moduleCodeId),
          moduleId: MERCHANT_MODULE_ID,
          code,
          name,
          programId,
        };
        if (existing === undefined) data.moduleCodes.push(moduleCode);
        const index = merchantProfileIndex(data, profile.id);
        const updated: MerchantProfile = {
          ...(data.merchantProfiles[index] as MerchantProfile),
          moduleCode: moduleCode.code,
        };
        data.merchantProfiles[index] = updated;
        return { ...moduleCode };
      });
      res.json(answer);
    },
  );

  router.post(MERCHANT_PATHS.publishLive, validate({ body: publishBody }), async (req, res) => {
    const input = req.body;
    const { userName } = authOf(req);
    const record = await store.update((data): MerchantPublishRecord => {
      const profile = findMerchantProfile(data, input.profileId);
      if (profile.programId !== input.programId) {
        throw validationError(
          'programId',
          `Profile ${profile.id} belongs to program ${profile.programId}`,
        );
      }
      if (profile.publishLive !== 1 && profile.publishTest !== 1) {
        throw conflict('profileId', MERCHANT_TEXT.notPublishedYet);
      }
      const created: MerchantPublishRecord = {
        publishId: nextId(data.merchantPublishes, (stored) => stored.publishId),
        creationDate: input.creationDate,
        programId: input.programId,
        profileId: input.profileId,
        profileLocationId: 0,
        userName,
      };
      data.merchantPublishes.push(created);
      return created;
    });
    res.json(record);
  });

  return router;
}
