import { NOT_BUILT_TEXT } from '../../lib/scheme-texts';

/** A wizard step whose screen a later change builds: its tab and heading show, and this. */
export function NotBuiltStep() {
  return <p className="text-body-secondary">{NOT_BUILT_TEXT}</p>;
}
