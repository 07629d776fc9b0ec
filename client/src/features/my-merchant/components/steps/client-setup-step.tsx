import { STEP_TITLE } from '../../lib/merchant-texts';

export function ClientSetupStep() {
  return <h3 className="h5 mb-3">{STEP_TITLE.setup}</h3>;
}
