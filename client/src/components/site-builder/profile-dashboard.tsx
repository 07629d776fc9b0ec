import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryContent } from '@/components/common/query-content';
import { SearchBox } from '@/components/common/search-box';
import { COMMON_TEXT } from '@/config/texts';
import type { StoreShape } from '@/lib/api/store-shape';
import { ProfileCard, type ProfileCardProps } from './profile-card';

/** One profile of a builder's dashboard: its card, and the texts the search looks in. */
export interface DashboardProfile {
  id: number;
  card: Omit<ProfileCardProps, 'busy' | 'onPublish' | 'onUnpublish'>;
  /** Title, program name, URL...: the card matches when one of them contains the search. */
  searchText: readonly string[];
  /** Publish or unpublish; resolves once the flow has ended (its button is disabled till then). */
  publish(): Promise<unknown>;
  unpublish(): Promise<unknown>;
}

export interface ProfileDashboardText {
  title: string;
  /** Names the list of cards. */
  cards: string;
  noMatches: string;
  noProfiles: string;
}

export interface ProfileDashboardProps {
  text: ProfileDashboardText;
  /** Where Add New leads: the wizard's first step without an id. */
  addNewTo: string;
  /** Loading while the profiles or the programs load; the error of either. */
  state: Pick<StoreShape<unknown>, 'loading' | 'error'>;
  profiles: readonly DashboardProfile[];
}

/** The dashboard's search (01 §2.3, 02 §2): one of the card's texts contains the query. */
export function filterDashboard(
  profiles: readonly DashboardProfile[],
  query: string,
): DashboardProfile[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...profiles];
  return profiles.filter((profile) =>
    profile.searchText.some((text) => text.toLowerCase().includes(needle)),
  );
}

/**
 * A site builder's dashboard (01 §2.3, 02 §2), shared by both builders: heading, search, Add New,
 * and the profiles as cards; the loading indicator replaces the cards until the builder's data
 * is in (the builder's `state.loading` is its first load only: a card whose Publish or Unpublish
 * ran stays, with its focused button, while the list is read again). The builder gives each card's content and its publish and unpublish flows.
 */
export function ProfileDashboard({ text, addNewTo, state, profiles }: ProfileDashboardProps) {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const shown = filterDashboard(profiles, search);
  return (
    <section aria-labelledby={headingId}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-4">
        {/* Takes the focus when a dialog's opener is gone (components/dialogs/return-focus). */}
        <h1 id={headingId} className="h3 mb-0" tabIndex={-1}>
          {text.title}
        </h1>
        <div className="d-flex gap-2 align-items-center">
          <SearchBox value={search} onChange={setSearch} />
          <Link className="btn btn-primary text-nowrap" to={addNewTo}>
            {COMMON_TEXT.addNew}
          </Link>
        </div>
      </div>
      <QueryContent state={state}>
        <ProfileCards profiles={shown} text={text} filtered={search.trim() !== ''} />
      </QueryContent>
    </section>
  );
}

function ProfileCards({
  profiles,
  text,
  filtered,
}: {
  profiles: readonly DashboardProfile[];
  text: ProfileDashboardText;
  filtered: boolean;
}) {
  // The card whose publish or unpublish runs: its button stays disabled until the answer.
  const [busyId, setBusyId] = useState<number | null>(null);

  if (profiles.length === 0) {
    return (
      <p className="text-body-secondary py-3">{filtered ? text.noMatches : text.noProfiles}</p>
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

  return (
    <ul className="list-unstyled row g-3" aria-label={text.cards}>
      {profiles.map((profile) => (
        <li key={profile.id} className="col-sm-6 col-lg-4 col-xl-3">
          <ProfileCard
            {...profile.card}
            busy={busyId === profile.id}
            onPublish={() => void whileBusy(profile.id, profile.publish)}
            onUnpublish={() => void whileBusy(profile.id, profile.unpublish)}
          />
        </li>
      ))}
    </ul>
  );
}
