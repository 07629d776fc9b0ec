import type { Program } from '@contracts/api/entities';
import type { JournalProfile } from '@contracts/api/journal';

/** The dashboard's search (01 §2.3): title, program name or site URL contains the text. */
export function filterProfiles(
  profiles: readonly JournalProfile[],
  programName: (programId: number) => string,
  query: string,
): JournalProfile[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...profiles];
  return profiles.filter((profile) =>
    [profile.title ?? '', programName(profile.programId), profile.siteUrl].some((text) =>
      text.toLowerCase().includes(needle),
    ),
  );
}

/** A program's name by id, or a stand-in when the program list lacks it. */
export function programNameOf(programs: readonly Program[] | undefined, programId: number): string {
  return programs?.find((p) => p.programId === programId)?.name ?? `Program ${programId}`;
}
