import { STEP_TITLE } from '../../lib/merchant-texts';

export function SiteSettingsStep() {
  return <h3 className="h5 mb-3">{STEP_TITLE.settings}</h3>;
}
