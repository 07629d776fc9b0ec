import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { JournalProfile } from '@contracts/api/journal';
import { QueryContent } from '@/components/common/query-content';
import { paths } from '@/config/paths';
import { useStoreShape } from '@/lib/api/store-shape';
import { useWizardProfile } from '../../hooks/use-wizard-profile';

/**
 * The frame of each Site Editor screen: its heading, the loading indicator until the profile is
 * there (01 §2.2), or the load error. Without an id the wizard starts at step 1, as the other
 * steps do (the editor tabs are disabled then, 01 §2.4). Refetches keep the screen: only the
 * first load shows the indicator, so an open form keeps what is being typed.
 */
export function EditorScreen({
  title,
  children,
}: {
  title: string;
  children: (profile: JournalProfile) => ReactNode;
}) {
  const { id, data: profile, isLoading, isFetching, error } = useWizardProfile();
  const state = useStoreShape({ data: profile, isLoading, isFetching, error });
  if (id === null) return <Navigate to={paths.mj.wizard.setup.path} replace />;
  return (
    <div>
      <h3 className="h5 mb-3">{title}</h3>
      <QueryContent state={{ loading: profile === undefined && state.loading, error: state.error }}>
        {profile ? children(profile) : null}
      </QueryContent>
    </div>
  );
}
