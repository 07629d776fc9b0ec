import type { Program } from '@contracts/api/entities';
import { JOURNAL_TEXT, type JournalProfile } from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import {
  ProfileDashboard,
  type DashboardProfile,
} from '@/components/site-builder/profile-dashboard';
import { paths, withId } from '@/config/paths';
import { imageLink } from '@/lib/api/images-api';
import { useProgramsQuery } from '@/lib/api/lookups-api';
import { isFirstLoad, useStoreShape } from '@/lib/api/store-shape';
import { dialogs } from '@/lib/dialogs/dialog-service';
import { selectRuntimeConfig } from '@/lib/store/config-slice';
import { useAppSelector } from '@/lib/store/hooks';
import { useJournalProfilesQuery } from '../api/journal-api';
import {
  dashboardPublishedText,
  profileName,
  usePublishProfile,
} from '../hooks/use-publish-profile';
import { DASHBOARD_TEXT } from '../lib/journal-texts';
import { programNameOf } from '../lib/profile-search';

/**
 * The journal dashboard (01 §2.3): the profiles as cards, searchable by title, program name or
 * URL (the shared ProfileDashboard). The profiles and the programs load together; the loading
 * indicator replaces the cards until both are in (01 §2.2), not when they are read again after
 * a publish (the cards stay).
 */
export function JournalDashboard() {
  const profiles = useStoreShape(useJournalProfilesQuery());
  const programs = useStoreShape(useProgramsQuery());
  const { urlBase } = useAppSelector(selectRuntimeConfig);
  const { publish, unpublish, openSite } = usePublishProfile();
  const state = {
    loading: isFirstLoad(profiles) || isFirstLoad(programs),
    error: profiles.error.code !== 0 ? profiles.error : programs.error,
  };

  function onPublish(profile: JournalProfile, program: Program | undefined) {
    // The program list lacks the profile's program: no module code can be made for it.
    if (!program) return dialogs.error(DIALOG_TEXT.errorTitle, JOURNAL_TEXT.publishFailed);
    return publish(profile, program, dashboardPublishedText(profile));
  }

  const cards = (profiles.data ?? []).map((profile): DashboardProfile => {
    const name = profileName(profile);
    const programName = programNameOf(programs.data, profile.programId);
    return {
      id: profile.profileId,
      searchText: [profile.title ?? '', programName, profile.siteUrl],
      card: {
        imageSrc: profile.headerImg ? imageLink(urlBase, profile.headerImg) : null,
        imageAlt: DASHBOARD_TEXT.headerImage(name),
        programName,
        title: name,
        published: profile.isPublished === 1,
        publishedText: JOURNAL_TEXT.published_indicator,
        notPublishedText: JOURNAL_TEXT.notPublished_indicator,
        to: withId(paths.mj.wizard.setup, profile.profileId),
        onOpenSite: () => openSite(profile),
      },
      publish: () =>
        onPublish(
          profile,
          programs.data?.find((p) => p.programId === profile.programId),
        ),
      unpublish: () => unpublish(profile.profileId),
    };
  });

  return (
    <ProfileDashboard
      text={DASHBOARD_TEXT}
      addNewTo={paths.mj.wizard.setup.path}
      state={state}
      profiles={cards}
    />
  );
}
