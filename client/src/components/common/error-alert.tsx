import Alert from 'react-bootstrap/Alert';
import type { StoreError } from '@/lib/api/store-shape';

/** A store's error (01 §3 shape) shown in place of content; nothing when code is 0. */
export function ErrorAlert({ error }: { error: StoreError }) {
  if (error.code === 0) return null;
  return (
    <Alert variant="danger" className="my-3">
      {error.message}
    </Alert>
  );
}
