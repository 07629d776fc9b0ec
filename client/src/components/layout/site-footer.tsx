// Relative on purpose: jest maps `@/` before asset files, so an aliased .svg is not stubbed.
import logoUrl from '../../assets/logo.svg';
import { APP_NAME, copyrightLine } from '@/config/texts';

/** Page footer: copyright line with the current year (01 §1, §2.1), optionally the logo. */
export function SiteFooter({ showLogo = false }: { showLogo?: boolean }) {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer d-flex align-items-center justify-content-between gap-3 px-4 py-3 border-top small text-body-secondary">
      <span>{copyrightLine(year)}</span>
      {showLogo ? <img src={logoUrl} alt={APP_NAME} width={96} height={24} /> : null}
    </footer>
  );
}
