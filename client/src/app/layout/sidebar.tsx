import { Link, useLocation } from 'react-router-dom';
import { paths, stateNameOf, stateStartsWith, type RouteEntry } from '@/config/paths';
import { LAYOUT_TEXT } from '@/config/texts';

interface MenuItem {
  label: string;
  /** Highlighted while the current state name starts with this area's (01 §1). */
  area: RouteEntry;
  to: string;
}

const GROUPS: { label: string; items: MenuItem[] }[] = [
  {
    label: LAYOUT_TEXT.schemesGroup,
    items: [
      { label: LAYOUT_TEXT.gift, area: paths.gift, to: paths.gift.dashboard.path },
      { label: LAYOUT_TEXT.loyalty, area: paths.loyalty, to: paths.loyalty.dashboard.path },
    ],
  },
  {
    label: LAYOUT_TEXT.utilitiesGroup,
    items: [
      { label: LAYOUT_TEXT.myJournal, area: paths.mj, to: paths.mj.dashboard.path },
      { label: LAYOUT_TEXT.myMerchant, area: paths.mm, to: paths.mm.dashboard.path },
    ],
  },
];

/** The main menu: Schemes (Gift, Loyalty) and Utilities (My Journal, My Merchant). */
export function Sidebar() {
  const { pathname } = useLocation();
  const state = stateNameOf(pathname);
  return (
    <nav className="app-sidebar bg-dark text-white p-3" aria-label={LAYOUT_TEXT.mainMenu}>
      {GROUPS.map((group) => (
        <div key={group.label} className="mb-4">
          <h2 className="h6 text-white-50 px-2" id={`menu-${group.label}`}>
            {group.label}
          </h2>
          <ul className="nav nav-pills flex-column" aria-labelledby={`menu-${group.label}`}>
            {group.items.map((item) => {
              const active = stateStartsWith(state, item.area.name);
              return (
                <li className="nav-item" key={item.to}>
                  <Link
                    to={item.to}
                    className={`nav-link ${active ? 'active' : 'text-white'}`}
                    aria-current={active ? 'page' : undefined}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
