import { skipToken } from '@reduxjs/toolkit/query';
import { useWizardProfileId } from '@/components/wizard/wizard-profile-id';
import { useJournalProfileQuery } from '../api/journal-api';

export { useWizardProfileId };

/** The profile the wizard works on; the cached copy is used first (01 §7.3). */
export function useWizardProfile() {
  const id = useWizardProfileId();
  const query = useJournalProfileQuery(id ?? skipToken);
  return { id, ...query };
}
