import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { restoredEtagsDropped } from '@/lib/api/record-etags';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';

/**
 * The tags a restored screen's values were typed over (record-etags.ts, RestoredEtags) serve that
 * screen only while it is shown: once the operator moves to another screen, the values are saved
 * or given up, and a later visit reads and saves the records as they are then.
 */
export function useRestoredEtagsOnTheirScreen(): void {
  const { pathname, search } = useLocation();
  const restoredRoute = useAppSelector((state) => state.recordEtags.restored?.route);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (restoredRoute !== undefined && `${pathname}${search}` !== restoredRoute) {
      dispatch(restoredEtagsDropped());
    }
  }, [dispatch, pathname, search, restoredRoute]);
}
