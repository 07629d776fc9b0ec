/**
 * The page types of a site as checkboxes (01 §2.7, 02 §2 step 3): mandatory ones checked and
 * locked. Both builders' Site Pages steps render it; the merchant adds a button per row that
 * opens the page's panel (`aside`).
 */
import { Fragment, type ReactNode } from 'react';
import { CheckboxField } from '@/components/form/CheckboxField';
import { pageFlagKey, type PageTypeChoice } from '@/lib/sites/page-selection';

export interface PageTypeChecklistProps {
  legend: string;
  types: readonly PageTypeChoice[];
  /** Prefix of the flags' field names (e.g. `selected.`); none: the flags are top-level. */
  namePrefix?: string;
  /** Shown beside a type's checkbox. */
  aside?(type: PageTypeChoice): ReactNode;
}

export function PageTypeChecklist({
  legend,
  types,
  namePrefix = '',
  aside,
}: PageTypeChecklistProps) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{legend}</legend>
      {types.map((type) => {
        const checkbox = (
          <CheckboxField
            name={`${namePrefix}${pageFlagKey(type.id)}`}
            label={type.name}
            help={type.help || undefined}
            // A mandatory page is always on (01 §4.3, 02 §4).
            disabled={type.mandatory}
            className="mb-2"
          />
        );
        return aside ? (
          <div key={type.id} className="d-flex align-items-start justify-content-between gap-2">
            {checkbox}
            {aside(type)}
          </div>
        ) : (
          <Fragment key={type.id}>{checkbox}</Fragment>
        );
      })}
    </fieldset>
  );
}
