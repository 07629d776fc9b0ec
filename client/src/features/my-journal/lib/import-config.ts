import type {
  JournalPage,
  JournalProfile,
  NewJournalPage,
  NewJournalProfile,
} from '@contracts/api/journal';
import { ImportFailed } from '@/lib/sites/import-flow';
import { planImportPages, type ImportedConfig } from './config-file';

/**
 * Applies an imported configuration (01 §4.3 "Config import") through the journal's calls:
 * the profile first (created for the chosen program, or the one being edited updated), then
 * each imported page onto the profile's page of that type, one call after another.
 */

export interface ImportCalls {
  createProfile(profile: NewJournalProfile): Promise<JournalProfile>;
  updateProfile(profile: JournalProfile): Promise<JournalProfile>;
  /** The profile's pages as stored now (not a cached copy). */
  loadPages(profileId: number): Promise<JournalPage[]>;
  createPage(page: NewJournalPage): Promise<JournalPage>;
  updatePage(page: JournalPage): Promise<JournalPage>;
}

export interface ImportTarget {
  config: ImportedConfig;
  /** The program chosen on the form (the file's program is not taken). */
  programId: number;
  /** The form's URL when filled, else the file's. */
  siteUrl: string;
  /** The profile being edited, or null to create one. */
  profile: JournalProfile | null;
  /** This environment's location flag, for a new profile. */
  location: 0 | 1;
}

/** A failed import (both builders'): the call's error and the id of a profile already made. */
export { ImportFailed };

/** Resolves with the profile's id; rejects with `ImportFailed`. */
export async function applyImport(target: ImportTarget, calls: ImportCalls): Promise<number> {
  const { config, programId, siteUrl, profile, location } = target;
  let profileId: number | null = profile?.profileId ?? null;
  try {
    const saved = profile
      ? await calls.updateProfile({ ...profile, ...config.settings, siteUrl })
      : await calls.createProfile({ ...config.settings, programId, siteUrl, location });
    profileId = saved.profileId;
    const existing = await calls.loadPages(saved.profileId);
    for (const call of planImportPages(config.pages, existing, saved.profileId)) {
      // Strictly one after another: each page call waits for the one before.
      if (call.kind === 'update') await calls.updatePage(call.page);
      else await calls.createPage(call.page);
    }
    return saved.profileId;
  } catch (error) {
    throw new ImportFailed(error, profileId);
  }
}
