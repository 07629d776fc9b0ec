import { skipToken } from '@reduxjs/toolkit/query';
import { useWizardProfileId } from '@/components/wizard/wizard-profile-id';
import { useMerchantProfileQuery } from '../api/merchant-api';

export { useWizardProfileId as useMerchantProfileId };

/**
 * The merchant profile the wizard works on (02 §2: the route's `id`); the cached copy is shown
 * first, and the profile is read again whenever a screen opens, so its save goes with the ETag
 * of the profile as it is (lib/api/record-etags.ts). Every step from 2 on reads it through this
 * hook.
 */
export function useMerchantProfile() {
  const id = useWizardProfileId();
  const query = useMerchantProfileQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  return { id, ...query };
}
