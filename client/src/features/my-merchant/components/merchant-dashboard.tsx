import { MERCHANT_TEXT, type MerchantProfile, type MerchantProgram } from '@contracts/api/merchant';
import {
  ProfileDashboard,
  type DashboardProfile,
} from '@/components/site-builder/profile-dashboard';
import { paths, withId } from '@/config/paths';
import { isFirstLoad, useStoreShape } from '@/lib/api/store-shape';
import { dialogs } from '@/lib/dialogs/dialog-service';
import { selectRuntimeConfig } from '@/lib/store/config-slice';
import { useAppSelector } from '@/lib/store/hooks';
import { useMerchantProfilesQuery, useMerchantProgramsQuery } from '../api/merchant-api';
import defaultLogoImage from '../assets/default-merchant-logo.svg';
import {
  dashboardPublishedText,
  merchantProfileName,
  useMerchantPublish,
} from '../hooks/use-merchant-publish';
import { useMerchantSiteActions } from '../hooks/use-merchant-site-actions';
import { merchantImageLink, merchantProgramName, merchantSiteUrl } from '../lib/merchant-profile';
import { DASHBOARD_TEXT } from '../lib/merchant-texts';

const TEXT = { ...DASHBOARD_TEXT, title: MERCHANT_TEXT.dashboardHeading };

/**
 * The merchant dashboard (02 §2): the profiles as cards (logo or the default image, program
 * name, site title, Published only when publishLive is set), searchable by title, program name
 * or URL. The profile list and the program list load together; the loading indicator replaces
 * the cards until both are in (not when they are read again after a publish: the cards stay). Add New as the journal's (docs/decisions.md: 02 shows none).
 */
export function MerchantDashboard() {
  const profiles = useStoreShape(useMerchantProfilesQuery());
  const programs = useStoreShape(useMerchantProgramsQuery());
  const { urlBase } = useAppSelector(selectRuntimeConfig);
  const { publish } = useMerchantPublish();
  const { unpublish, openSite, location } = useMerchantSiteActions();
  const state = {
    loading: isFirstLoad(profiles) || isFirstLoad(programs),
    error: profiles.error.code !== 0 ? profiles.error : programs.error,
  };

  function onPublish(profile: MerchantProfile, program: MerchantProgram | undefined) {
    // The program list lacks the profile's program: no module code can be made for it.
    if (!program) return dialogs.error(MERCHANT_TEXT.errorTitle, MERCHANT_TEXT.publishFailed);
    return publish(profile, program, dashboardPublishedText(profile));
  }

  const cards = (profiles.data ?? []).map((profile): DashboardProfile => {
    const name = merchantProfileName(profile);
    const programName = merchantProgramName(programs.data, profile.programId);
    return {
      id: profile.id,
      searchText: [profile.siteTitle ?? '', programName, merchantSiteUrl(profile, location)],
      card: {
        // Without a logo the card shows a default image (02 §2 Dashboard).
        imageSrc: profile.logoPath
          ? merchantImageLink(urlBase, profile.logoPath)
          : defaultLogoImage,
        imageAlt: profile.logoPath ? DASHBOARD_TEXT.logo(name) : DASHBOARD_TEXT.defaultLogo(name),
        programName,
        title: name,
        published: profile.publishLive === 1,
        publishedText: MERCHANT_TEXT.published_indicator,
        notPublishedText: MERCHANT_TEXT.notPublished_indicator,
        to: withId(paths.mm.wizard.setup, profile.id),
        onOpenSite: () => openSite(profile),
      },
      publish: () =>
        onPublish(
          profile,
          programs.data?.find((p) => p.id === profile.programId),
        ),
      unpublish: () => unpublish(profile.id),
    };
  });

  return (
    <ProfileDashboard
      text={TEXT}
      addNewTo={paths.mm.wizard.setup.path}
      state={state}
      profiles={cards}
    />
  );
}
