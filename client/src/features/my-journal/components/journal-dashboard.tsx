import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Program } from '@contracts/api/entities';
import { JOURNAL_TEXT, type JournalProfile } from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { QueryContent } from '@/components/common/query-content';
import { SearchBox } from '@/components/common/search-box';
import { ProfileCard } from '@/components/site-builder/profile-card';
import { paths, withId } from '@/config/paths';
import { COMMON_TEXT } from '@/config/texts';
import { imageLink } from '@/lib/api/images-api';
import { useProgramsQuery } from '@/lib/api/lookups-api';
import { useStoreShape } from '@/lib/api/store-shape';
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
import { filterProfiles, programNameOf } from '../lib/profile-search';

/**
 * The journal dashboard (01 §2.3): the profiles as cards, searchable by title, program name or
 * URL. The profiles and the programs load together; the loading indicator replaces the cards
 * until both are in (01 §2.2).
 */
export function JournalDashboard() {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const profiles = useStoreShape(useJournalProfilesQuery());
  const programs = useStoreShape(useProgramsQuery());
  const loadState = {
    loading: profiles.loading || programs.loading,
    error: profiles.error.code !== 0 ? profiles.error : programs.error,
  };
  const nameOf = (programId: number) => programNameOf(programs.data, programId);
  const shown = filterProfiles(profiles.data ?? [], nameOf, search);

  return (
    <section aria-labelledby={headingId}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-4">
        <h1 id={headingId} className="h3 mb-0">
          {DASHBOARD_TEXT.title}
        </h1>
        <div className="d-flex gap-2 align-items-center">
          <SearchBox value={search} onChange={setSearch} />
          <Link className="btn btn-primary text-nowrap" to={paths.mj.wizard.setup.path}>
            {COMMON_TEXT.addNew}
          </Link>
        </div>
      </div>
      <QueryContent state={loadState}>
        <ProfileCards
          profiles={shown}
          programs={programs.data ?? []}
          filtered={search.trim() !== ''}
        />
      </QueryContent>
    </section>
  );
}

function ProfileCards({
  profiles,
  programs,
  filtered,
}: {
  profiles: readonly JournalProfile[];
  programs: readonly Program[];
  filtered: boolean;
}) {
  const { urlBase } = useAppSelector(selectRuntimeConfig);
  const { publish, unpublish, openSite } = usePublishProfile();
  // The card whose publish or unpublish runs: its button stays disabled until the answer.
  const [busyId, setBusyId] = useState<number | null>(null);

  if (profiles.length === 0) {
    return (
      <p className="text-body-secondary py-3">
        {filtered ? DASHBOARD_TEXT.noMatches : DASHBOARD_TEXT.noProfiles}
      </p>
    );
  }

  async function whileBusy(profileId: number, work: () => Promise<unknown>) {
    setBusyId(profileId);
    try {
      await work();
    } finally {
      setBusyId(null);
    }
  }

  function onPublish(profile: JournalProfile) {
    const program = programs.find((p) => p.programId === profile.programId);
    if (!program) {
      // The program list lacks the profile's program: no module code can be made for it.
      void dialogs.error(DIALOG_TEXT.errorTitle, JOURNAL_TEXT.publishFailed);
      return;
    }
    void whileBusy(profile.profileId, () =>
      publish(profile, program, dashboardPublishedText(profile)),
    );
  }

  return (
    <ul className="list-unstyled row g-3" aria-label={DASHBOARD_TEXT.cards}>
      {profiles.map((profile) => {
        const name = profileName(profile);
        return (
          <li key={profile.profileId} className="col-sm-6 col-lg-4 col-xl-3">
            <ProfileCard
              imageSrc={profile.headerImg ? imageLink(urlBase, profile.headerImg) : null}
              imageAlt={DASHBOARD_TEXT.headerImage(name)}
              programName={programNameOf(programs, profile.programId)}
              title={name}
              published={profile.isPublished === 1}
              publishedText={JOURNAL_TEXT.published_indicator}
              notPublishedText={JOURNAL_TEXT.notPublished_indicator}
              to={withId(paths.mj.wizard.setup, profile.profileId)}
              busy={busyId === profile.profileId}
              onPublish={() => onPublish(profile)}
              onUnpublish={() =>
                void whileBusy(profile.profileId, () => unpublish(profile.profileId))
              }
              onOpenSite={() => openSite(profile)}
            />
          </li>
        );
      })}
    </ul>
  );
}
