import Button from 'react-bootstrap/Button';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { LAYOUT_TEXT } from '@/config/texts';
import { dialogs } from '@/lib/dialogs/dialog-service';
import { anyUnsavedWork } from '@/lib/session/session-draft';
import { clearSession } from '@/lib/session/session-thunks';
import { useAppDispatch } from '@/lib/store/hooks';
import { useRevokeTokenMutation } from '../api/auth-api';

/**
 * Logout (01 §2.1): confirm "Confirm Logout" / "Are you sure you want to logout?"; on OK the
 * server session is revoked (a failure there does not keep anyone signed in), then the token and
 * the whole application state are cleared and the main layout sends the user to login. Nothing
 * unsaved is kept, so while the screen holds unsaved work the dialog opens on Cancel.
 */
export function LogoutButton() {
  const dispatch = useAppDispatch();
  const [revokeToken] = useRevokeTokenMutation();

  async function logout() {
    // A logout keeps nothing unsaved: with unsaved work on screen, Enter answers Cancel.
    const confirmed = await dialogs.confirm(DIALOG_TEXT.logoutTitle, DIALOG_TEXT.logoutMessage, {
      focusCancel: anyUnsavedWork(),
    });
    if (!confirmed) return;
    try {
      await revokeToken().unwrap();
    } catch {
      // Ignored on purpose: the local session ends whatever the server answered.
    }
    dispatch(clearSession());
  }

  return (
    <Button variant="outline-secondary" size="sm" onClick={() => void logout()}>
      {LAYOUT_TEXT.logout}
    </Button>
  );
}
