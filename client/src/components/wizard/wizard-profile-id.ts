import { useSearchParams } from 'react-router-dom';

/**
 * The wizard's profile id: the `id` query parameter (01 §2.2, 02 §2), or null without one.
 * Shared by the site builders' wizards.
 */
export function useWizardProfileId(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('id');
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
