import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { SCHEME_TEXT, type Scheme } from '@contracts/api/schemes';
import { QueryContent } from '@/components/common/query-content';
import { SearchBox } from '@/components/common/search-box';
import { withId } from '@/config/paths';
import { selectRuntimeConfig } from '@/lib/store/config-slice';
import { useAppSelector } from '@/lib/store/hooks';
import defaultButtonImage from '../assets/default-scheme-button.svg';
import { useAreaData, useSchemeArea } from '../hooks/use-scheme-area';
import { schemeImageSrc } from '../lib/scheme-images';
import { DASHBOARD_TEXT } from '../lib/scheme-texts';
import { areaPaths } from '../lib/wizard-steps';
import { SchemeStateBadge } from './scheme-state-badge';
import './scheme-area.css';

/** Case-insensitive "scheme name contains" (03 §2: the grid is filtered by scheme name). */
export function filterSchemesByName(schemes: readonly Scheme[], query: string): Scheme[] {
  const needle = query.trim().toLowerCase();
  return needle
    ? schemes.filter((scheme) => scheme.schemeName.toLowerCase().includes(needle))
    : [...schemes];
}

/**
 * The scheme dashboard of either area (03 §2): heading, a search by scheme name, the scheme
 * tiles (button image or a default one, the name and the scheme's state) linking to Client Setup with the
 * scheme's id, and "Add New", which opens Client Setup without an id (spec README). The area's
 * data loads in the order of 03 §2 (useAreaData); the loading indicator shows until it is in.
 * Each area keeps its own search: the dashboard is keyed by area (router), so switching areas
 * starts with an empty search.
 */
export function SchemeDashboard() {
  const area = useSchemeArea();
  return <AreaDashboard key={area} />;
}

function AreaDashboard() {
  const area = useSchemeArea();
  const isGift = area === 'gift';
  const headingId = useId();
  const [search, setSearch] = useState('');
  const data = useAreaData(area);
  const { urlBase } = useAppSelector(selectRuntimeConfig);
  const setup = areaPaths(area).wizard.setup;
  const shown = filterSchemesByName(data.schemes.data ?? [], search);
  const state = {
    loading: data.loading,
    error: data.schemes.error.code !== 0 ? data.schemes.error : data.clients.error,
  };

  return (
    <section aria-labelledby={headingId}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-4">
        <h1 id={headingId} className="h3 mb-0">
          {isGift ? SCHEME_TEXT.giftDashboardTitle : SCHEME_TEXT.loyaltyDashboardTitle}
        </h1>
        <div className="d-flex gap-2 align-items-center">
          <SearchBox value={search} onChange={setSearch} />
          <Link className="btn btn-primary text-nowrap" to={setup.path}>
            {SCHEME_TEXT.buttons.addNew}
          </Link>
        </div>
      </div>
      <QueryContent state={state}>
        {shown.length === 0 ? (
          <p className="text-body-secondary py-3">
            {search.trim() ? DASHBOARD_TEXT.noMatches : DASHBOARD_TEXT.noSchemes}
          </p>
        ) : (
          <ul
            className="scheme-tiles list-unstyled"
            aria-label={isGift ? DASHBOARD_TEXT.giftTiles : DASHBOARD_TEXT.loyaltyTiles}
          >
            {shown.map((scheme) => (
              <li key={scheme.programId}>
                <Link className="scheme-tile card h-100" to={withId(setup, scheme.programId)}>
                  <img
                    className="scheme-tile-image"
                    src={
                      scheme.buttonImgUrl
                        ? schemeImageSrc(urlBase, scheme.buttonImgUrl)
                        : defaultButtonImage
                    }
                    alt={
                      scheme.buttonImgUrl
                        ? DASHBOARD_TEXT.buttonImage(scheme.schemeName)
                        : DASHBOARD_TEXT.defaultImage(scheme.schemeName)
                    }
                  />
                  <span className="card-body d-flex flex-column align-items-center gap-2">
                    <span className="fw-semibold">{scheme.schemeName}</span>
                    <SchemeStateBadge scheme={scheme} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
    </section>
  );
}
