/**
 * The gift and loyalty scheme areas (03 §2): the one lazily loaded module of both areas. It
 * re-exports each screen, so the router loads the whole area as one chunk. Which area shows
 * depends on whether the current state starts with main.gift.
 */
export { SchemeDashboard } from './scheme-dashboard';
export { SchemeWizard } from './scheme-wizard';
export { ClientSetupStep } from './steps/client-setup-step';
export { GeneralSettingsStep } from './steps/general-settings-step';
export { ConfigurationStep } from './steps/configuration-step';
export { StoresDevicesStep } from './steps/stores-devices-step';
export { FinancialSettlementStep } from './steps/financial-settlement-step';
export { LiabilityStep } from './steps/liability-step';
export { BaseCampaignStep } from './steps/base-campaign-step';
export { SummaryStep } from './steps/summary-step';
