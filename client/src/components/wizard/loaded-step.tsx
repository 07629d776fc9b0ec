import type { ComponentType } from 'react';
import { Navigate } from 'react-router-dom';
import { loadAll } from '@/lib/api/load-all';
import type { StoreShape } from '@/lib/api/store-shape';
import { StepContent } from './profile-step';
import { useWizardProfileId } from './wizard-profile-id';

type Loads = Record<string, Pick<StoreShape<unknown>, 'data' | 'loading' | 'error'>>;
/** The loaded data of each store, by the same names. */
export type LoadedData<L extends Loads> = { [K in keyof L]: NonNullable<L[K]['data']> };

export interface LoadedStepConfig<L extends Loads> {
  title: string;
  /** Where the wizard starts without a profile id (step 1). */
  setupPath: string;
  /** The stores the step reads for the route's profile, by name (a hook: called each render). */
  useLoads(profileId: number | null): L;
  /** The step's form once every store is in; remounted for another profile. */
  form: ComponentType<NoInfer<LoadedData<L>> & { profileId: number }>;
}

const dataOf = <L extends Loads>(loads: L) =>
  Object.fromEntries(
    Object.entries(loads).map(([name, load]) => [name, load.data]),
  ) as LoadedData<L>;

/**
 * A site-builder step that reads several stores for the route's profile (01 §2.7, 02 §2 step 3):
 * to step 1 without an id, the loading indicator until every store is in, the first error, then
 * the form with the data.
 */
export function loadedStep<L extends Loads>({
  title,
  setupPath,
  useLoads,
  form: StepForm,
}: LoadedStepConfig<L>): ComponentType {
  return function LoadedStep() {
    const profileId = useWizardProfileId();
    const loads = useLoads(profileId);
    if (profileId === null) return <Navigate to={setupPath} replace />;
    const { ready, state } = loadAll(Object.values(loads));
    return (
      <StepContent title={title} state={state}>
        {ready ? <StepForm key={profileId} profileId={profileId} {...dataOf(loads)} /> : null}
      </StepContent>
    );
  };
}
