import type { ComponentType } from 'react';
import type { MerchantProfile } from '@contracts/api/merchant';
import { ProfileStep } from '@/components/wizard/profile-step';
import { paths } from '@/config/paths';
import { useMerchantProfile } from '../hooks/use-merchant-profile';

const SETUP_PATH = paths.mm.wizard.setup.path;

export interface MerchantProfileStepProps {
  title: string;
  /** The step's form for the loaded profile. */
  form: ComponentType<{ profile: MerchantProfile }>;
}

/**
 * A merchant step after step 1 (02 §2): the shared ProfileStep on the route's merchant profile;
 * without an id the wizard goes to step 1. Steps 2 to 6 can use it.
 */
export function MerchantProfileStep(props: MerchantProfileStepProps) {
  return <ProfileStep {...props} profile={useMerchantProfile()} setupPath={SETUP_PATH} />;
}
