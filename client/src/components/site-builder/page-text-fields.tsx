/**
 * A site page's texts as both site builders edit them: Navigation Item Label, Title (H1) and
 * Content (rich text, loaded on first use). The journal's page editors (01 §2.9) and the
 * merchant's Site Pages panel (02 §2 step 3) render these fields; each gives its own field
 * names, its server's length caps and whether the label and the title are required
 * (02 §5: required for the opened merchant page; no rule in 01).
 */
import { useMemo } from 'react';
import { LazyRichTextField } from '@/components/form/LazyRichTextField';
import { TextField } from '@/components/form/TextField';
import { composeValidators, maxLength, required } from '@/lib/forms/validators';

/** Field labels of the page editors (01 §2.9; the merchant's page panel uses the same, 02 §2). */
export const PAGE_EDITOR_LABEL = {
  navItem: 'Navigation Item Label',
  title: 'Title (H1)',
  content: 'Content',
} as const;

export interface PageTextLimits {
  navItem: number;
  pageTitle: number;
  pageContent: number;
}

export interface PageTextFieldsProps {
  /** Prefix of the three field names (e.g. `pages.p4.`); none: `navItem`, `title`, `content`. */
  namePrefix?: string;
  /** Shows the Navigation Item Label (the journal's Locations editor and every merchant page). */
  withNavItem?: boolean;
  /** The label and the title must be filled in (02 §5). */
  requireTexts?: boolean;
  limits: PageTextLimits;
  /** Height of the content editor in rows. */
  contentRows?: number;
}

export function PageTextFields({
  namePrefix = '',
  withNavItem = false,
  requireTexts = false,
  limits,
  contentRows = 12,
}: PageTextFieldsProps) {
  const validate = useMemo(
    () => ({
      navItem: composeValidators(requireTexts && required, maxLength(limits.navItem)),
      title: composeValidators(requireTexts && required, maxLength(limits.pageTitle)),
      content: maxLength(limits.pageContent),
    }),
    [requireTexts, limits.navItem, limits.pageTitle, limits.pageContent],
  );
  return (
    <>
      {withNavItem ? (
        <TextField
          name={`${namePrefix}navItem`}
          label={PAGE_EDITOR_LABEL.navItem}
          validate={validate.navItem}
        />
      ) : null}
      <TextField
        name={`${namePrefix}title`}
        label={PAGE_EDITOR_LABEL.title}
        validate={validate.title}
      />
      <LazyRichTextField
        name={`${namePrefix}content`}
        label={PAGE_EDITOR_LABEL.content}
        validate={validate.content}
        rows={contentRows}
      />
    </>
  );
}
