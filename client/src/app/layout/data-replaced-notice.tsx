import { useEffect, useRef, useState } from 'react';
import { DATA_REPLACED_TEXT } from '@/config/texts';
import { listenForReplacedData, type DataReplaced } from '@/lib/session/data-replaced';
import { useAppDispatch, useAppStore } from '@/lib/store/hooks';
import { selectToken } from '@/lib/store/session-slice';

interface Shown extends DataReplaced {
  /** Counts the words taken: each one's text is put in anew, so that each is announced. */
  count: number;
}

/**
 * Says that the developer tools replaced the mock server's data (a scenario switch or reset on
 * /__mock), after the caches were dropped, until dismissed. The live region is always there,
 * empty until a word comes (a region inserted with its text may not be announced); each word's
 * text replaces the last one's, so that a second reset to the same scenario is announced too.
 * When the cache reset took away what had the keyboard focus (a form whose screen loads again),
 * the focus goes to the notice (a region named DATA_REPLACED_TEXT.label) rather than to the
 * page's body; closing the notice gives it to the screen's `main`.
 */
export function DataReplacedNotice() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const notice = useRef<HTMLElement>(null);
  const [replaced, setReplaced] = useState<Shown | null>(null);
  useEffect(
    () =>
      listenForReplacedData(
        dispatch,
        () => selectToken(store.getState()),
        (what) => setReplaced((last) => ({ ...what, count: (last?.count ?? 0) + 1 })),
      ),
    [dispatch, store],
  );
  useEffect(() => {
    const focused = replaced?.focused;
    if (focused === null || focused === undefined || focused === document.body) return;
    if (!focused.isConnected || document.activeElement === document.body) notice.current?.focus();
  }, [replaced]);
  return (
    // The live region, always there (role="status" is left to the screens' own loading lines).
    <div aria-live="polite">
      {replaced !== null && (
        <section
          ref={notice}
          tabIndex={-1}
          aria-label={DATA_REPLACED_TEXT.label}
          className="alert alert-info alert-dismissible"
        >
          <span key={replaced.count}>
            {replaced.scenario === null
              ? DATA_REPLACED_TEXT.replacedOther
              : DATA_REPLACED_TEXT.replaced(replaced.scenario)}
            {replaced.changesKept && ` ${DATA_REPLACED_TEXT.changesKept}`}
          </span>
          <button
            type="button"
            className="btn-close"
            aria-label={DATA_REPLACED_TEXT.dismiss}
            onClick={() => {
              // The button goes with the notice: the focus goes on to the screen, not the body.
              notice.current?.closest('main')?.focus();
              setReplaced(null);
            }}
          />
        </section>
      )}
    </div>
  );
}
