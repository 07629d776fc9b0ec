import { useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { useJournalProfileQuery } from '../api/journal-api';

/** The wizard's profile id: the `id` query parameter (01 §2.2), or null without one. */
export function useWizardProfileId(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('id');
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** The profile the wizard works on; the cached copy is used first (01 §7.3). */
export function useWizardProfile() {
  const id = useWizardProfileId();
  const query = useJournalProfileQuery(id ?? skipToken);
  return { id, ...query };
}
