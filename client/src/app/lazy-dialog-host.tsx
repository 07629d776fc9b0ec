import { Suspense, lazy, useState, useSyncExternalStore } from 'react';
import { dialogStore } from '@/lib/dialogs/dialog-service';

const DialogHost = lazy(() =>
  import(/* webpackChunkName: "dialogs" */ './dialogs-chunk').then((module) => ({
    default: module.DialogHost,
  })),
);

/**
 * The dialog host for the login screen: its code (and the full Bootstrap styles) loads when the
 * first dialog opens (a failed login, "forgot password"), and it stays mounted from then on. The
 * dialog service keeps the open dialogs meanwhile.
 */
export function LazyDialogHost() {
  const open = useSyncExternalStore(
    dialogStore.subscribe,
    dialogStore.getSnapshot,
    dialogStore.getSnapshot,
  );
  const [needed, setNeeded] = useState(false);
  if (open.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <DialogHost />
    </Suspense>
  ) : null;
}
