import Spinner from 'react-bootstrap/Spinner';
import { DIALOG_TEXT } from '@contracts/api/messages';

/** Replaces a screen's content while its data loads (01 §2.2). */
export function LoadingIndicator({ label = DIALOG_TEXT.loading }: { label?: string }) {
  return (
    <div className="d-flex align-items-center gap-2 py-5 justify-content-center" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
