import { skipToken } from '@reduxjs/toolkit/query';
import { useWizardProfileId } from '@/components/wizard/wizard-profile-id';
import { useJournalProfileQuery } from '../api/journal-api';

export { useWizardProfileId };

/**
 * The profile the wizard works on; the cached copy is shown first (01 §7.3) and the profile is
 * read again whenever a screen opens, so its save goes with the ETag of the profile as it is
 * (lib/api/record-etags.ts): a screen opened after another operator saved shows that save.
 */
export function useWizardProfile() {
  const id = useWizardProfileId();
  const query = useJournalProfileQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  return { id, ...query };
}
