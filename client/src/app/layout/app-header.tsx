import { format } from 'date-fns';
import { HEADER_DATE_FORMAT, HEADER_TIME_FORMAT } from '@contracts/api/constants';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { APP_NAME, LAYOUT_TEXT } from '@/config/texts';
import { useNow } from '@/lib/hooks/use-now';
import { useAppSelector } from '@/lib/store/hooks';
import { selectUserName } from '@/lib/store/session-slice';

/** Header: the user name from the token, a live date and time (every second), Logout (01 §1). */
export function AppHeader() {
  const userName = useAppSelector(selectUserName);
  const now = useNow(1000);
  return (
    <header className="app-header d-flex flex-wrap align-items-center justify-content-between gap-3 px-4 py-2 border-bottom bg-body">
      <span className="fw-semibold">{APP_NAME}</span>
      <div className="d-flex align-items-center gap-3">
        <span>{LAYOUT_TEXT.greeting(userName)}</span>
        <time className="text-body-secondary" dateTime={now.toISOString()}>
          <span className="header-date">{format(now, HEADER_DATE_FORMAT)}</span>{' '}
          <span className="header-time">{format(now, HEADER_TIME_FORMAT)}</span>
        </time>
        <LogoutButton />
      </div>
    </header>
  );
}
