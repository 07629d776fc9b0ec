// The signed-in app's chunk: the router (every screen behind sign-in loads on demand from it),
// the dialog host and the full Bootstrap styles. The login screen (main chunk) does not need it.
import 'bootstrap/dist/css/bootstrap.min.css';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { DialogHost } from '@/components/dialogs/dialog-host';
import { createAppRouter } from './router';

/** The router on the page's hash (created once) and the dialog host. */
export function SignedInApp() {
  const [router] = useState(createAppRouter);
  return (
    <>
      <RouterProvider router={router} />
      <DialogHost />
    </>
  );
}
