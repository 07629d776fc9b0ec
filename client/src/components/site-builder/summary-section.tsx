import { useId, type ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { Navigate } from 'react-router-dom';
import { fontFamilyOf } from '@contracts/site/fonts';
import { STYLE_ITEMS, type AppearanceSettings } from '@contracts/site/style-model';
import { QueryContent } from '@/components/common/query-content';
import { loadAll } from '@/lib/api/load-all';
import { sanitizePageContent } from '@/lib/sites/page-content';
import './summary-section.css';

/**
 * The read-only blocks of both builders' Summary step (01 §2.10, 02 §2 Step 6): titled
 * sections of label/value pairs where an empty value reads "-", the appearance table, and
 * stored rich text shown sanitised.
 */

export const EMPTY_VALUE = '-';

/** The sections and buttons both builders' summaries name alike (01 §2.10, 02 §2 Step 6). */
export const SITE_SUMMARY_LABEL = {
  clientSetup: 'Client Setup',
  siteSettings: 'Site Settings',
  sitePages: 'Site Pages',
  media: 'Media Files added',
  appearance: 'Site Appearance',
  pageTitle: 'Title',
  content: 'Content',
  publish: 'Publish',
  export: 'Export',
  /** Not in the spec: names the button group. */
  actions: 'Summary actions',
} as const;

export const SUMMARY_TEXT = {
  item: 'Item',
  font: 'Font',
  size: 'Size',
  colour: 'Colour',
  backgroundColour: 'Background colour',
} as const;

export interface SummaryEntry {
  label: string;
  /** Text or elements; null, undefined and blank text read "-". */
  value: ReactNode;
}

const isEmpty = (value: ReactNode): boolean =>
  value === null ||
  value === undefined ||
  value === false ||
  (typeof value === 'string' && value.trim() === '');

type SummaryStore = Parameters<typeof loadAll>[0][number];

/** The data of each store once all are in. */
export type LoadedStores<Stores> = {
  [Key in keyof Stores]: Stores[Key] extends { data: infer Data } ? NonNullable<Data> : never;
};

export interface SummaryStepContentProps<Stores extends Record<string, SummaryStore>> {
  /** The wizard's profile id: without one the wizard goes to step 1. */
  id: number | null;
  setupPath: string;
  /** Every store the summary reads (lib/api/load-all), by name. */
  stores: Stores;
  /** The summary, given every store's data. */
  children(loaded: LoadedStores<Stores>): ReactNode;
}

/**
 * Both builders' Summary step frame (01 §2.10, 02 §2 Step 6): step 1 without an id; the loading
 * indicator until every store has its data (a refetch keeps the summary shown) or the first
 * error; then the summary.
 */
export function SummaryStepContent<Stores extends Record<string, SummaryStore>>({
  id,
  setupPath,
  stores,
  children,
}: SummaryStepContentProps<Stores>) {
  if (id === null) return <Navigate to={setupPath} replace />;
  const { ready, state } = loadAll(Object.values(stores));
  const loaded = Object.fromEntries(
    Object.entries(stores).map(([name, store]) => [name, store.data]),
  ) as LoadedStores<Stores>;
  return <QueryContent state={state}>{ready ? children(loaded) : null}</QueryContent>;
}

/** A value as shown: "-" when empty. */
export const summaryValue = (value: ReactNode): ReactNode => (isEmpty(value) ? EMPTY_VALUE : value);

export interface SummarySectionProps {
  title: string;
  /** Shown as a definition list, in order. */
  entries?: readonly SummaryEntry[];
  /** Anything else the section holds, after the entries. */
  children?: ReactNode;
}

/** A titled section; its entries as a definition list. */
export function SummarySection({ title, entries, children }: SummarySectionProps) {
  const headingId = useId();
  return (
    <section className="summary-section mb-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="h5 border-bottom pb-2 mb-3">
        {title}
      </h3>
      {entries && entries.length > 0 ? (
        <dl className="row mb-0">
          {entries.map((entry) => (
            <SummaryPair key={entry.label} entry={entry} />
          ))}
        </dl>
      ) : null}
      {children}
    </section>
  );
}

function SummaryPair({ entry }: { entry: SummaryEntry }) {
  return (
    <>
      <dt className="col-sm-4 col-lg-3">{entry.label}</dt>
      <dd className="col-sm-8 col-lg-9 text-break">{summaryValue(entry.value)}</dd>
    </>
  );
}

/** The Site Pages section (01 §2.10, 02 §2 Step 6): the site's pages by name, in order. */
export function SitePagesSummary({ names }: { names: readonly string[] }) {
  return (
    <SummarySection title={SITE_SUMMARY_LABEL.sitePages}>
      {names.length > 0 ? (
        <ul className="mb-0">
          {names.map((name, index) => (
            <li key={`${index}:${name}`}>{name}</li>
          ))}
        </ul>
      ) : (
        <p className="mb-0">{EMPTY_VALUE}</p>
      )}
    </SummarySection>
  );
}

/** Stored rich text (page content), cleaned by the policy of the published sites. */
export function SummaryHtml({ html }: { html: string | null | undefined }) {
  if (isEmpty(html)) return <>{EMPTY_VALUE}</>;
  return (
    <div
      className="summary-html border rounded p-2"
      dangerouslySetInnerHTML={{ __html: sanitizePageContent(html ?? '') }}
    />
  );
}

/** An uploaded image as a thumbnail with its text alternative, or "-" without one. */
export function SummaryImage({
  src,
  alt,
  path,
}: {
  src: string | null;
  alt: string;
  /** The image's stored path, shown beside it (02 §2 Step 6 lists the image paths). */
  path?: string;
}) {
  if (!src) return <>{EMPTY_VALUE}</>;
  const image = <img src={src} alt={alt} className="img-thumbnail summary-image" />;
  if (path === undefined) return image;
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-2">
      {image}
      <code className="text-break">{path}</code>
    </span>
  );
}

/** The family name of a CSS font-family value ("'Open Sans', sans-serif" → Open Sans). */
const fontName = (value: string): string => fontFamilyOf(value)?.name ?? value;

/** Font, size, colour and background colour of each style item (01 §2.10, 02 §2 Step 6). */
export function AppearanceSummary({
  settings,
  caption,
}: {
  settings: AppearanceSettings;
  caption: string;
}) {
  return (
    <Table size="sm" responsive bordered className="mb-0 align-middle">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{SUMMARY_TEXT.item}</th>
          <th scope="col">{SUMMARY_TEXT.font}</th>
          <th scope="col">{SUMMARY_TEXT.size}</th>
          <th scope="col">{SUMMARY_TEXT.colour}</th>
          <th scope="col">{SUMMARY_TEXT.backgroundColour}</th>
        </tr>
      </thead>
      <tbody>
        {STYLE_ITEMS.map((item) => {
          const style = settings.items[item.key];
          return (
            <tr key={item.key}>
              <th scope="row">{item.label}</th>
              <td>{summaryValue(fontName(style['font-family']))}</td>
              <td>{summaryValue(style['font-size'])}</td>
              <td>{summaryValue(style.color)}</td>
              <td>{summaryValue(style['background-color'])}</td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
