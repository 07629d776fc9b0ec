import { useCallback } from 'react';
import {
  MERCHANT_TEXT,
  merchantModuleCode,
  type MerchantProfile,
  type MerchantProgram,
} from '@contracts/api/merchant';
import {
  markThenGoLive,
  runPublishFlow,
  PublishStopped,
  type DialogText,
} from '@/lib/sites/publish-flow';
import { useSiteEnvironment } from '@/lib/sites/site-environment';
import { useAppDispatch } from '@/lib/store/hooks';
import {
  merchantApi,
  merchantProfileTags,
  useCreateMerchantModuleCodeMutation,
  usePublishMerchantLiveMutation,
  useUpdateMerchantProfileMutation,
} from '../api/merchant-api';

/** "Error" / "Something went wrong": a failed module code (02 §8) and any other failed call. */
const FAILED: DialogText = {
  title: MERCHANT_TEXT.errorTitle,
  message: MERCHANT_TEXT.publishFailed,
};

/** A profile's name in texts: its site title, or its URL before step 2 gave it one. */
export const merchantProfileName = (
  profile: Pick<MerchantProfile, 'siteTitle' | 'liveURL' | 'testURL'>,
): string => profile.siteTitle?.trim() || profile.liveURL || profile.testURL || '';

/** The summary's answer (02 §8): "Your profile is now published". */
export const SUMMARY_PUBLISHED_TEXT: DialogText = {
  title: MERCHANT_TEXT.successTitle,
  message: MERCHANT_TEXT.publishedNow,
};

/** The dashboard's answer (02 §8): "Profile {site title} is now published". */
export const dashboardPublishedText = (profile: MerchantProfile): DialogText => ({
  title: MERCHANT_TEXT.successTitle,
  message: MERCHANT_TEXT.published(merchantProfileName(profile)),
});

/**
 * Publishing a merchant site (02 §4), on the shared publish flow (lib/sites/publish-flow): set the
 * module code `MMC_{programId}{abbreviation}{profileId}` (POST modulecode; a failure, or an
 * answer without a code, is "Error" / "Something went wrong"), mark the profile published
 * (publishLive 1 as 02 §4 writes, and publishTest 1 too on a test host: spec README) with its
 * module code and update it (the profile read afresh after the code is set, so the update
 * carries the ETag of the profile as stored), then record the publication
 * (POST profilepublish/live). When that last call fails, the profile's publish flags are saved
 * back as they were before (markThenGoLive), so nothing is left half published: the site is not
 * served, the card reads Not Published and Publish can be tried again; the operator gets 02 §8's
 * "Error" / "Something went wrong". A take-back that fails (refused as stale too: it is not sent
 * again) leaves the profile published, and the dashboard and the summary read it again to show it
 * so.
 *
 * Decision: 02 says the module-code call "expects status 200"; the client reads any success
 * carrying the code as that answer (the server answers 200) and anything else as the failure.
 */
export function useMerchantPublish() {
  const environment = useSiteEnvironment();
  const dispatch = useAppDispatch();
  const [createModuleCode] = useCreateMerchantModuleCodeMutation();
  const [updateProfile] = useUpdateMerchantProfileMutation();
  const [publishLive] = usePublishMerchantLiveMutation();
  const { location } = environment;

  const publish = useCallback(
    (profile: MerchantProfile, program: MerchantProgram, success: DialogText) => {
      async function setModuleCode(): Promise<string> {
        const body = {
          name: program.name,
          code: merchantModuleCode(program.id, program.abbreviation, profile.id),
          programId: program.id,
        };
        let code: string | undefined;
        try {
          code = (await createModuleCode(body).unwrap())?.code;
        } catch (error) {
          throw new PublishStopped(FAILED, error);
        }
        if (!code) throw new PublishStopped(FAILED, 'Module code answer without a code');
        return code;
      }

      /** The profile as stored (not the cached copy), its ETag kept for the next save. */
      const readProfile = () =>
        dispatch(
          merchantApi.endpoints.merchantProfile.initiate(profile.id, {
            subscribe: false,
            forceRefetch: true,
          }),
        ).unwrap();

      async function run(): Promise<void> {
        const moduleCode = await setModuleCode();
        // The profile as stored now (the module code call sets its code on the server): the
        // save sends it whole, with the ETag of this read.
        const current = await readProfile();
        const published: MerchantProfile = {
          ...current,
          moduleCode,
          publishLive: 1,
          publishTest: location === 0 ? 1 : current.publishTest,
        };
        // Taken back on failure, the module code stays: it is the profile's, and a retry sets
        // the same one.
        await markThenGoLive({
          markPublished: () => updateProfile(published).unwrap(),
          goLive: () =>
            publishLive({
              creationDate: Date.now(),
              programId: program.id,
              profileId: profile.id,
              profileLocationId: 0,
            }).unwrap(),
          takeBack: (stored) =>
            updateProfile({
              ...stored,
              publishLive: current.publishLive,
              publishTest: current.publishTest,
            }).unwrap(),
          showStored: () =>
            dispatch(merchantApi.util.invalidateTags(merchantProfileTags(profile.id))),
          logLabel: `merchant profile ${profile.id}`,
        });
      }

      return runPublishFlow({
        run,
        success,
        failure: FAILED,
        logLabel: `Publishing merchant profile ${profile.id}`,
      });
    },
    [dispatch, createModuleCode, updateProfile, publishLive, location],
  );

  return { publish, environment };
}
