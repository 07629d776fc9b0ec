import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { COMMON_TEXT } from '@/config/texts';
import { withId } from '@/config/paths';
import { focusFirstInvalidAfterSubmit } from '@/lib/forms/focus';
import { UnsavedChangesGuard } from './unsaved-changes';
import './wizard-tabs.css';

export interface WizardTab {
  label: string;
  /** Where the tab goes (the wizard's `id` query parameter is kept). */
  to: string;
  /** Paths starting with this select the tab; default `to`. */
  match?: string;
}

const matches = (pathname: string, tab: WizardTab) => {
  const prefix = tab.match ?? tab.to;
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
};

export interface WizardTabsProps {
  tabs: readonly WizardTab[];
  /** Whether the tab at `index` can be opened, given the id in the route. */
  isEnabled(index: number, id: string | null): boolean;
  label: string;
  variant?: 'tabs' | 'pills';
}

/** A strip of route tabs: the current one is marked, disabled ones cannot be focused or opened. */
export function WizardTabs({ tabs, isEnabled, label, variant = 'tabs' }: WizardTabsProps) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <nav aria-label={label}>
      <ul className={`nav nav-${variant} flex-wrap wizard-tabs`}>
        {tabs.map((tab, index) => {
          const active = matches(pathname, tab);
          const enabled = isEnabled(index, id);
          return (
            <li className="nav-item" key={tab.to}>
              {enabled ? (
                <Link
                  className={`nav-link${active ? ' active' : ''}`}
                  aria-current={active ? 'page' : undefined}
                  to={withId(tab.to, id)}
                >
                  {tab.label}
                </Link>
              ) : (
                <span
                  className={`nav-link disabled${active ? ' active' : ''}`}
                  aria-disabled="true"
                  aria-current={active ? 'page' : undefined}
                >
                  {tab.label}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export interface WizardFrameProps {
  /** The area's wizard heading. */
  title: string;
  tabs: readonly WizardTab[];
  isEnabled(index: number, id: string | null): boolean;
  /** "step N of M" label of the tab at `index`, or null for none. */
  stepLabel(index: number, total: number): string | null;
  /** Shown between the tab strip and the step (e.g. the journal editor's sub-tabs). */
  children?: ReactNode;
}

/**
 * The wizard shell shared by the areas: heading, tab strip, the current step's heading and
 * "step N of M" label, then the step's own screen (child route).
 *
 * For every step of every area it also
 * - asks before leaving a step, or the page, with unsaved changes (UnsavedChangesGuard);
 * - on a step change scrolls to the top and moves the focus to the step's heading;
 * - mounts the step afresh when the route's id changes;
 * - after a save that failed validation, scrolls to and focuses the first field in error.
 */
export function WizardFrame({ title, tabs, isEnabled, stepLabel, children }: WizardFrameProps) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const index = tabs.findIndex((tab) => matches(pathname, tab));
  const current = tabs[index];
  const step = index >= 0 ? stepLabel(index, tabs.length) : null;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);

  useEffect(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    scroller.scrollTop = 0;
    heading.current?.focus({ preventScroll: true });
  }, [pathname]);

  useEffect(
    () => (section.current ? focusFirstInvalidAfterSubmit(section.current) : undefined),
    [],
  );

  return (
    <UnsavedChangesGuard>
      <div className="wizard-frame">
        <h1 className="h3 mb-3">{title}</h1>
        <WizardTabs tabs={tabs} isEnabled={isEnabled} label={COMMON_TEXT.wizardSteps} />
        {children}
        <section
          ref={section}
          className="wizard-step pt-3"
          aria-labelledby={current ? headingId : undefined}
        >
          {current ? (
            <header className="mb-3">
              {/* tabIndex -1: focusable by the step change, not in the tab order. */}
              <h2 ref={heading} id={headingId} className="h4 mb-0" tabIndex={-1}>
                {current.label}
              </h2>
              {step ? <p className="text-body-secondary mb-0">{step}</p> : null}
            </header>
          ) : null}
          {/* A step opened for another id in the same place starts over: a query kept across the
              change would show, save or export the previous record until the new one arrives. */}
          <Outlet key={params.get('id') ?? ''} />
        </section>
      </div>
    </UnsavedChangesGuard>
  );
}

/** Journal and merchant: only the first tab until a profile id exists, then all (01 §2.4, 02). */
export const firstTabUntilId = (index: number, id: string | null): boolean =>
  index === 0 || Boolean(id);
