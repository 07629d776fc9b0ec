import { useEffect, useState } from 'react';
import { DATA_REPLACED_TEXT } from '@/config/texts';
import { listenForReplacedData, type DataReplaced } from '@/lib/session/data-replaced';
import { useAppDispatch, useAppStore } from '@/lib/store/hooks';
import { selectToken } from '@/lib/store/session-slice';

/**
 * Says that the developer tools replaced the mock server's data (a scenario switch or reset on
 * /__mock), after the caches were dropped, until dismissed.
 */
export function DataReplacedNotice() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const [replaced, setReplaced] = useState<DataReplaced | null>(null);
  useEffect(
    () => listenForReplacedData(dispatch, () => selectToken(store.getState()), setReplaced),
    [dispatch, store],
  );
  if (replaced === null) return null;
  return (
    <div role="status" className="alert alert-info alert-dismissible">
      {DATA_REPLACED_TEXT.replaced(replaced.scenario)}
      {replaced.changesKept && ` ${DATA_REPLACED_TEXT.changesKept}`}
      <button
        type="button"
        className="btn-close"
        aria-label={DATA_REPLACED_TEXT.dismiss}
        onClick={() => setReplaced(null)}
      />
    </div>
  );
}
