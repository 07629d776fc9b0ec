import { Outlet, ScrollRestoration, type Location } from 'react-router-dom';
import { SiteFooter } from '@/components/layout/site-footer';
import { useSessionMonitor } from '@/features/auth/hooks/use-session-monitor';
import { useRestoredEtagsOnTheirScreen } from '@/lib/session/use-restored-etags';
import { AppHeader } from './app-header';
import { DataReplacedNotice } from './data-replaced-notice';
import { Sidebar } from './sidebar';
import './main-layout.css';

/**
 * The key a screen's scroll position is kept under. An entry the router made has a key of its
 * own; every other entry (an address typed in or followed from outside the app, a test's `goto`)
 * has the router's one key `default`, so each of them would open where the last of them was left,
 * another screen's place. Those are kept under their address instead.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

/**
 * The main layout (abstract state `main`, 01 §2.1): sidebar, header, content area and footer.
 * The inactivity monitor runs while it is mounted, i.e. on every screen but login, and so does
 * the word of the developer tools' data switch (DataReplacedNotice), and a screen restored after
 * the session ended drops the tags its values were typed over once it is left. A screen
 * opens at its top, and Back or Forward returns to where the screen was left (react-router's
 * ScrollRestoration, keyed by `scrollKey`), at once: the page's smooth scrolling is off
 * (main-layout.css). A wizard's step opens at its top however it is reached (WizardFrame).
 */
export function MainLayout() {
  useSessionMonitor();
  useRestoredEtagsOnTheirScreen();
  return (
    <div className="app-shell">
      <Sidebar />
      <div className="app-body">
        <AppHeader />
        {/* Focusable from script only: where the focus goes when a notice above the screen is closed. */}
        <main className="app-content" tabIndex={-1}>
          <DataReplacedNotice />
          <Outlet />
        </main>
        <SiteFooter showLogo />
      </div>
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
