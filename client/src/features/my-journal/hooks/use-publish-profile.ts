import { useCallback } from 'react';
import type { Program } from '@contracts/api/entities';
import {
  JOURNAL_PAGE_TYPE,
  JOURNAL_SITE_PATHS,
  JOURNAL_TEXT,
  journalModuleCode,
  type JournalProfile,
} from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { isNetworkFailure, toApiFailure } from '@/lib/api/errors';
import {
  openPublishedSite,
  PublishStopped,
  markThenGoLive,
  runPublishFlow,
  runUnpublishFlow,
  type DialogText,
} from '@/lib/sites/publish-flow';
import { useSiteEnvironment } from '@/lib/sites/site-environment';
import { useAppDispatch } from '@/lib/store/hooks';
import {
  journalApi,
  journalProfileTags,
  useCreateDeploymentMutation,
  useCreateModuleCodeMutation,
  useLookupModuleCodeMutation,
  useUpdateJournalProfileMutation,
  type ModuleCodeLookup,
} from '../api/journal-api';
import { fieldMessage } from '../lib/save-failures';

/** Statuses of a module-code lookup that are read as an answer (01 §4.2, §7.3). */
const LOOKUP_OK = new Set([200, 204]);

/** Says what keeps a site from being published; shown as is, under "Error". */
const loginPageMissing = (reason: unknown) =>
  new PublishStopped(
    { title: DIALOG_TEXT.errorTitle, message: JOURNAL_TEXT.loginPageMissing },
    reason,
  );

/** A profile's name in texts: its title, or its URL before step 2 gave it one. */
export const profileName = (profile: Pick<JournalProfile, 'title' | 'siteUrl'>): string =>
  profile.title?.trim() ? profile.title : profile.siteUrl;

/** "Profile {title} is now published" under "Success": the dashboard's answer (01 §4.2). */
export const dashboardPublishedText = (profile: JournalProfile): DialogText => ({
  title: DIALOG_TEXT.successTitle,
  message: JOURNAL_TEXT.published(profileName(profile)),
});

/** The summary's answer: "Published!" / "The website is available now!" (01 §4.2). */
export const SUMMARY_PUBLISHED_TEXT: DialogText = {
  title: JOURNAL_TEXT.publishedFromSummaryTitle,
  message: JOURNAL_TEXT.publishedFromSummary,
};

/**
 * Publishing, unpublishing and opening a journal site (01 §4.2), on the shared publish flow;
 * this hook holds only the journal's calls and texts.
 *
 * Publish: look the module code up for the program and the profile's module code id. An
 * answer of 200 or 204 with a code → the profile is marked published; without a code → a code
 * `MJC_{programId}{abbreviation}{profileId}` is created first and stored on the profile. Either
 * way the profile also takes this environment's location flag (where it is now published), is
 * saved, and a deployment is recorded; when that last call fails, the profile's flag and location
 * are saved back as they were, so nothing is left half published and Publish can be tried again
 * ("Error" / "Something went wrong", 01 §8). A take-back that fails (refused as stale too: it is
 * not sent again) leaves the profile published, and the dashboard and the summary read it again
 * to show it so (markThenGoLive). A lookup refused by the server shows "Error: {code}"
 * with its message; a lookup that never reached it only closes the processing dialog (01 §8).
 *
 * The profile saved is read afresh first (not the cached copy, which may be the dashboard's
 * list), so the save carries the ETag of the profile it sends back.
 *
 * Before any of that, the profile's pages are read afresh: without its mandatory Login page
 * (enabled) the site is not published and the operator is told what is missing (not in the
 * spec; the server refuses such a publish too, with the same text, and that answer is shown).
 */
export function usePublishProfile() {
  const environment = useSiteEnvironment();
  const dispatch = useAppDispatch();
  const [lookupModuleCode] = useLookupModuleCodeMutation();
  const [createModuleCode] = useCreateModuleCodeMutation();
  const [updateProfile] = useUpdateJournalProfileMutation();
  const [createDeployment] = useCreateDeploymentMutation();
  const { location, siteHost } = environment;

  /** The profile as stored (not the cached copy), its ETag kept for the next save. */
  const readProfile = useCallback(
    (profileId: number) =>
      dispatch(
        journalApi.endpoints.journalProfile.initiate(profileId, {
          subscribe: false,
          forceRefetch: true,
        }),
      ).unwrap(),
    [dispatch],
  );

  const publish = useCallback(
    (profile: JournalProfile, program: Program, success: DialogText) => {
      async function lookUp(): Promise<ModuleCodeLookup> {
        let answer: ModuleCodeLookup;
        try {
          answer = await lookupModuleCode({
            programId: program.programId,
            moduleCodeId: profile.moduleCodeId,
          }).unwrap();
        } catch (error) {
          const failure = toApiFailure(error);
          throw new PublishStopped(
            isNetworkFailure(failure)
              ? null
              : {
                  title: JOURNAL_TEXT.lookupFailedTitle(failure.errorCode),
                  message: failure.errorMessage,
                },
            failure,
          );
        }
        // Another success status is not an answer the spec reads: refused like an error.
        if (!LOOKUP_OK.has(answer.status)) {
          throw new PublishStopped(
            {
              title: JOURNAL_TEXT.lookupFailedTitle(answer.status),
              message: JOURNAL_TEXT.publishFailed,
            },
            answer,
          );
        }
        return answer;
      }

      async function requireLoginPage(): Promise<void> {
        const pages = await dispatch(
          journalApi.endpoints.journalPages.initiate(profile.profileId, {
            subscribe: false,
            forceRefetch: true,
          }),
        ).unwrap();
        const hasLogin = pages.some(
          (page) => page.pageTypeId === JOURNAL_PAGE_TYPE.LOGIN && page.enabled === 1,
        );
        if (!hasLogin) throw loginPageMissing('No enabled Login page');
      }

      async function save(published: JournalProfile): Promise<JournalProfile> {
        try {
          return await updateProfile(published).unwrap();
        } catch (error) {
          // The server's own check (pages changed since ours): its message says what is missing.
          if (fieldMessage(toApiFailure(error), 'isPublished') === JOURNAL_TEXT.loginPageMissing) {
            throw loginPageMissing(error);
          }
          throw error;
        }
      }

      async function run(): Promise<void> {
        await requireLoginPage();
        const found = await lookUp();
        // The profile as stored now: the save sends it whole, with the ETag of this read.
        const current = await readProfile(profile.profileId);
        let published: JournalProfile;
        if (found.code) {
          published = {
            ...current,
            isPublished: 1,
            location,
            moduleCode: current.moduleCode ?? found.code,
            moduleCodeId: current.moduleCodeId ?? found.moduleCode?.moduleCodeId ?? null,
          };
        } else {
          const created = await createModuleCode({
            name: program.name,
            code: journalModuleCode(program.programId, program.abbreviation, profile.profileId),
            programId: program.programId,
          }).unwrap();
          published = {
            ...current,
            isPublished: 1,
            location,
            moduleCode: created.code,
            moduleCodeId: created.moduleCodeId,
          };
        }
        // Taken back on failure, the module code stays: it is the profile's, and a retry finds it.
        await markThenGoLive({
          markPublished: () => save(published),
          goLive: () => createDeployment({ profileId: profile.profileId }).unwrap(),
          takeBack: (stored) =>
            updateProfile({
              ...stored,
              isPublished: current.isPublished,
              location: current.location,
            }).unwrap(),
          showStored: () =>
            dispatch(journalApi.util.invalidateTags(journalProfileTags(profile.profileId))),
          logLabel: `journal profile ${profile.profileId}`,
        });
      }

      return runPublishFlow({
        run,
        success,
        failure: { title: DIALOG_TEXT.errorTitle, message: JOURNAL_TEXT.publishFailed },
        logLabel: `Publishing journal profile ${profile.profileId}`,
      });
    },
    [
      dispatch,
      readProfile,
      lookupModuleCode,
      createModuleCode,
      updateProfile,
      createDeployment,
      location,
    ],
  );

  /** Confirm, load the profile afresh (not the cached copy), clear its flag and save it. */
  const unpublish = useCallback(
    (profileId: number) =>
      runUnpublishFlow({
        confirm: { title: JOURNAL_TEXT.unpublishConfirm, message: '' },
        run: async () => {
          const fresh = await readProfile(profileId);
          await updateProfile({ ...fresh, isPublished: 0 }).unwrap();
        },
        done: { title: JOURNAL_TEXT.unpublished, message: '' },
        logLabel: `Unpublishing journal profile ${profileId}`,
      }),
    [readProfile, updateProfile],
  );

  /** The published site in a new tab, on this environment's site host. */
  const openSite = useCallback(
    (profile: JournalProfile) =>
      openPublishedSite(
        profile.isPublished === 1 ? JOURNAL_SITE_PATHS.link(siteHost, profile.siteUrl) : null,
        { title: DIALOG_TEXT.warningTitle, message: JOURNAL_TEXT.notPublishedYet },
      ),
    [siteHost],
  );

  return { publish, unpublish, openSite, environment };
}
