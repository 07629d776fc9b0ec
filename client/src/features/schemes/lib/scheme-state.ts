import { SCHEME_STATUS, type Scheme } from '@contracts/api/schemes';

/**
 * The state a scheme shows (03 §3 wizard step status; spec README: 5 once activated): active
 * once activated; else sent for review once its review mail went (reviewSentAt); else in setup
 * (statuses 1 to 4, or none yet). Active comes first: activation is the last word, whether or
 * not a review was asked for, and a review mail sent after activation does not make the scheme
 * look less live than it is.
 */
export type SchemeState = 'setup' | 'review' | 'active';

export function schemeState(scheme: Pick<Scheme, 'schemeStatus' | 'reviewSentAt'>): SchemeState {
  if (scheme.schemeStatus >= SCHEME_STATUS.ACTIVE) return 'active';
  if (scheme.reviewSentAt !== null && scheme.reviewSentAt !== undefined) return 'review';
  return 'setup';
}
