import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { WizardFrame, type WizardTab } from '@/components/wizard/wizard-frame';
import { withId } from '@/config/paths';
import { dialogs } from '@/lib/dialogs/dialog-service';
import { useAreaData, useSchemeArea } from '../hooks/use-scheme-area';
import { useWizardIds, useWizardScheme } from '../hooks/use-wizard-scheme';
import { WIZARD_TITLE } from '../lib/scheme-texts';
import { areaPaths, isTabEnabled, landingStep, stepLabel, wizardSteps } from '../lib/wizard-steps';

/**
 * The scheme wizard shell (03 §2 "Wizard shell and tabs"): the area's tabs (gift 7, loyalty 8),
 * enabled as 03 §2 says, "step N of 6" / "step N of 7", the heading with the client's name, and
 * the loading dialog while the scheme, its client, its config and its financial data load. The
 * route holds the step, so a refresh re-selects its tab.
 *
 * An existing scheme opened on Client Setup (a dashboard tile) jumps to the last tab when its
 * config exists, otherwise to Configuration — once per scheme opened, so Client Setup can be
 * revisited through its tab. A step whose tab is disabled is never shown, however it was
 * entered (a typed or bookmarked address): a scheme without a config lands on Configuration,
 * as the tabs do. An enabled step entered by its address stays (a refresh keeps its step).
 */
export function SchemeWizard() {
  const area = useSchemeArea();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { clientId } = useWizardIds();
  // The area's entry loads (03 §2), also when the wizard is opened directly.
  useAreaData(area);
  const wizard = useWizardScheme();
  const { id, hasConfig, loading, config, client } = wizard;

  useLoadingDialog(loading);

  const steps = wizardSteps(area);
  const setupPath = areaPaths(area).wizard.setup.path;
  const jumpedFor = useRef<number | null>(null);
  const configKnown = id !== null && !config.loading && config.error.code === 0;
  useEffect(() => {
    if (id === null || !configKnown || jumpedFor.current === id) return;
    jumpedFor.current = id;
    if (pathname === setupPath) {
      void navigate(withId(landingStep(area, hasConfig), id), { replace: true });
    }
  }, [id, configKnown, hasConfig, pathname, setupPath, area, navigate]);

  const stepIndex = steps.findIndex((step) => pathname === step.entry.path);
  const stepDisabled =
    stepIndex >= 0 && !isTabEnabled(stepIndex, { hasId: id !== null, hasConfig });
  if (id !== null && configKnown && stepDisabled) {
    return <Navigate to={withId(landingStep(area, hasConfig), id)} replace />;
  }

  // Before a scheme exists, the client chosen on Client Setup opens General Settings.
  const tabs: WizardTab[] = steps.map((step, index) =>
    id === null && clientId !== null && index === 1
      ? { label: step.label, to: `${step.entry.path}?clientId=${clientId}`, match: step.entry.path }
      : { label: step.label, to: step.entry.path },
  );
  const progress = { hasConfig };
  const title = area === 'gift' ? WIZARD_TITLE.gift : WIZARD_TITLE.loyalty;

  return (
    <WizardFrame
      title={client ? WIZARD_TITLE.forClient(title, client.clientName) : title}
      tabs={tabs}
      isEnabled={(index, routeId) =>
        isTabEnabled(index, { hasId: Boolean(routeId), ...progress }) ||
        (index === 1 && id === null && clientId !== null)
      }
      stepLabel={stepLabel}
    />
  );
}

/** The shared "Loading..." dialog while `loading` holds (03 §2). */
function useLoadingDialog(loading: boolean): void {
  useEffect(() => {
    if (!loading) return;
    const handle = dialogs.loading();
    return () => handle.close();
  }, [loading]);
}
