import { useCallback } from 'react';
import { MERCHANT_SITE_PATHS, MERCHANT_TEXT, type MerchantProfile } from '@contracts/api/merchant';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { openPublishedSite, runUnpublishFlow } from '@/lib/sites/publish-flow';
import { useSiteEnvironment } from '@/lib/sites/site-environment';
import { useAppDispatch } from '@/lib/store/hooks';
import { merchantApi, useUpdateMerchantProfileMutation } from '../api/merchant-api';
import { isMerchantPublished, merchantSiteUrl } from '../lib/merchant-profile';
import { UNPUBLISH_CONFIRM } from '../lib/merchant-texts';

/**
 * The dashboard's Unpublish and Open site (02 §4), on the shared publish flow; publishing itself
 * is use-merchant-publish (the dashboard and the summary share it).
 *
 * Unpublish asks first, loads the profile afresh (not the cached copy), clears the flag of this
 * environment (publishTest on a test host) and publishLive, saves it, then answers
 * "Unpublishing Completed" / "The profile not available anymore!". Where test and live sites
 * are served from one host, a live host's Unpublish clears publishTest too: the site would
 * otherwise stay public at the same host, by its test address. Open site opens this
 * environment's URL on its site host, or says "Profile is not published yet".
 */
export function useMerchantSiteActions() {
  const { location, siteHost, oneSiteHost } = useSiteEnvironment();
  const dispatch = useAppDispatch();
  const [updateProfile] = useUpdateMerchantProfileMutation();

  const unpublish = useCallback(
    (profileId: number) =>
      runUnpublishFlow({
        confirm: { title: UNPUBLISH_CONFIRM, message: '' },
        run: async () => {
          const fresh = await dispatch(
            merchantApi.endpoints.merchantProfile.initiate(profileId, {
              subscribe: false,
              forceRefetch: true,
            }),
          ).unwrap();
          const testFlag = location === 0 || oneSiteHost ? { publishTest: 0 as const } : {};
          await updateProfile({ ...fresh, ...testFlag, publishLive: 0 }).unwrap();
        },
        done: { title: MERCHANT_TEXT.unpublished, message: MERCHANT_TEXT.unpublishedDetail },
        logLabel: `Unpublishing merchant profile ${profileId}`,
      }),
    [dispatch, updateProfile, location, oneSiteHost],
  );

  const openSite = useCallback(
    (profile: MerchantProfile) =>
      openPublishedSite(
        isMerchantPublished(profile, location)
          ? MERCHANT_SITE_PATHS.link(siteHost, merchantSiteUrl(profile, location))
          : null,
        { title: DIALOG_TEXT.warningTitle, message: MERCHANT_TEXT.notPublishedYet },
      ),
    [siteHost, location],
  );

  return { unpublish, openSite, location };
}
