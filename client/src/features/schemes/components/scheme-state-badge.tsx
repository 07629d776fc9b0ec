import type { Scheme } from '@contracts/api/schemes';
import { schemeState, type SchemeState } from '../lib/scheme-state';
import { SCHEME_STATE_TEXT } from '../lib/scheme-texts';

const VARIANT: Record<SchemeState, string> = {
  setup: 'text-bg-secondary',
  review: 'text-bg-info',
  active: 'text-bg-success',
};

/** A scheme's state as a badge ("In setup", "Sent for review", "Active"), read as "Status: …". */
export function SchemeStateBadge({
  scheme,
  className = '',
}: {
  scheme: Pick<Scheme, 'schemeStatus' | 'reviewSentAt'>;
  className?: string;
}) {
  const state = schemeState(scheme);
  return (
    <span className={`badge ${VARIANT[state]} ${className}`.trim()}>
      <span className="visually-hidden">{SCHEME_STATE_TEXT.label} </span>
      {SCHEME_STATE_TEXT[state]}
    </span>
  );
}
