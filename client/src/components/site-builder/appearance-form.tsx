/**
 * The appearance editor both site builders share (01 §2.9 Appearance; 02 §2 Step 5 Edit Fonts):
 * colours of the page parts the builder has, and for each of the seven style items a font
 * family, a font size in px, a font colour and a background colour. The journal shows header,
 * footer and page backgrounds and the header height; the merchant only a page background.
 *
 * The form edits an AppearanceSettings; the caller writes it into its stylesheet
 * (contracts/site/stylesheet.ts applyAppearance) and saves.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, FormSpy, useForm } from 'react-final-form';
import { JOURNAL_LIMITS } from '@contracts/api/journal';
import {
  STYLE_ITEMS,
  type AppearanceSettings,
  type StyleItemKey,
} from '@contracts/site/style-model';
import type { AppearancePart } from '@contracts/site/stylesheet';
import { ColorPickerField } from '@/components/form/ColorPickerField';
import { FontSizeField } from '@/components/form/FontSizeField';
import { TextField } from '@/components/form/TextField';
import {
  composeValidators,
  fontSize,
  maxLength,
  minLength,
  numOnly,
  required,
} from '@/lib/forms/validators';
import { contrastWarning, textContrast } from '@/lib/forms/contrast';
import { FormUnsavedChanges } from '@/lib/forms/unsaved-changes';
import { FontSelectField } from './font-select';
import { BusyButton } from '@/components/common/busy-button';
import { useField } from '@/lib/forms/use-field';

export type { AppearancePart };

/** Labels of the page parts (01 §2.9). */
export const APPEARANCE_LABEL = {
  headerBackground: 'Header background',
  footerBackground: 'Footer background',
  pageBackground: 'Page background',
  headerHeight: 'Header height (px)',
  /** Not in the spec: the group of the page parts. */
  page: 'Page',
  fontFamily: 'Font',
  fontSize: 'Font size',
  color: 'Font colour',
  backgroundColor: 'Background colour',
} as const;

export const ALL_PAGE_PARTS: readonly AppearancePart[] = [
  'headerBackground',
  'footerBackground',
  'pageBackground',
  'headerHeight',
];

interface ItemValues {
  fontFamily?: string;
  fontSize?: string;
  color?: string;
  backgroundColor?: string;
}

/** Field names avoid the CSS property names: final-form reads `a.b-c` fine, people less so. */
export interface AppearanceFormValues {
  headerBackground?: string;
  footerBackground?: string;
  pageBackground?: string;
  /** Digits only: the px of the stored CSS length. */
  headerHeight?: string;
  items: Partial<Record<StyleItemKey, ItemValues>>;
}

/** `80px` shows as `80`; any other length is shown as stored, for the checks to flag it. */
const heightDigits = (length: string): string => length.replace(/^(\d+)px$/i, '$1');

export function toAppearanceFormValues(settings: AppearanceSettings): AppearanceFormValues {
  const items: AppearanceFormValues['items'] = {};
  for (const { key } of STYLE_ITEMS) {
    const item = settings.items[key];
    items[key] = {
      fontFamily: item['font-family'],
      fontSize: item['font-size'],
      color: item.color,
      backgroundColor: item['background-color'],
    };
  }
  return {
    headerBackground: settings.headerBackground,
    footerBackground: settings.footerBackground,
    pageBackground: settings.pageBackground,
    headerHeight: heightDigits(settings.headerHeight),
    items,
  };
}

/** The edited settings; a value the form does not hold keeps the one of `base`. */
export function toAppearanceSettings(
  values: AppearanceFormValues,
  base: AppearanceSettings,
): AppearanceSettings {
  const items = { ...base.items };
  for (const { key } of STYLE_ITEMS) {
    const item = values.items[key] ?? {};
    const was = base.items[key];
    items[key] = {
      'font-family': item.fontFamily ?? was['font-family'],
      'font-size': item.fontSize ?? was['font-size'],
      color: item.color ?? was.color,
      'background-color': item.backgroundColor ?? was['background-color'],
    };
  }
  return {
    headerBackground: values.headerBackground ?? base.headerBackground,
    footerBackground: values.footerBackground ?? base.footerBackground,
    pageBackground: values.pageBackground ?? base.pageBackground,
    headerHeight: values.headerHeight ? `${values.headerHeight}px` : base.headerHeight,
    items,
  };
}

/*
 * Every setting is required: the stylesheet always holds a whole appearance, so what the editor
 * shows is what the site gets (an emptied field would otherwise read back as the theme default).
 * Colour fields always check the colour format themselves (ColorPickerField).
 */
const validateColor = required;
const validateFontSize = composeValidators(required, fontSize);
const validateFont = required;
/**
 * Header height (01 §5.1 "min length 2, max length 100"): taken as written, as a length of text
 * (so at least 10 px), plus digits only since the field is in px.
 */
const validateHeaderHeight = composeValidators(
  required,
  numOnly,
  minLength(JOURNAL_LIMITS.headerHeight.min),
  maxLength(JOURNAL_LIMITS.headerHeight.max),
);

/** The value of one field, read only (no validation of its own). */
function useValue(name: string): string | undefined {
  return useField<string | undefined>(name, { subscription: { value: true } }).input.value;
}

/**
 * A style item's font colour, with a warning (not blocking the save) while its contrast on the
 * item's background, over the page background, is below WCAG AA: 4.5:1, 3:1 from 24 px.
 */
function TextColorField({ item }: { item: StyleItemKey }) {
  const contrast = textContrast(
    useValue(`items.${item}.color`),
    useValue(`items.${item}.backgroundColor`),
    { backdrop: useValue('pageBackground'), fontSize: useValue(`items.${item}.fontSize`) },
  );
  return (
    <ColorPickerField
      name={`items.${item}.color`}
      label={APPEARANCE_LABEL.color}
      validate={validateColor}
      warning={contrast && !contrast.passes ? contrastWarning(contrast) : undefined}
    />
  );
}

export interface AppearanceFormProps {
  /** The settings the form opens with (read from the stored stylesheet). */
  initial: AppearanceSettings;
  /** The page parts this builder edits, in display order. */
  parts: readonly AppearancePart[];
  submitLabel: string;
  /** Called with valid settings only; the caller saves and moves on. */
  onSubmit(settings: AppearanceSettings): Promise<void>;
  /**
   * The live preview shown beside the fields, given the settings as they are being
   * edited (not yet valid, not saved): components/site-builder/site-preview.tsx.
   */
  preview?: (settings: AppearanceSettings) => ReactNode;
  /**
   * Told the settings as they are being edited (not yet valid, not saved) at every change, and
   * whether they differ from `initial`: for a screen that edits the same stylesheet another way
   * too (the merchant's Site Editor).
   */
  onChange?(settings: AppearanceSettings, dirty: boolean): void;
  /**
   * False: the screen around keeps the unsaved edits when the session ends (it edits the same
   * stylesheet another way too); see FormUnsavedChanges.
   */
  sessionDraft?: boolean;
}

export function AppearanceForm({
  initial,
  parts,
  submitLabel,
  onSubmit,
  preview,
  onChange,
  sessionDraft = true,
}: AppearanceFormProps) {
  // Taken once: refetches while the form is open must not reset what is being edited.
  const [initialValues] = useState(() => toAppearanceFormValues(initial));
  const [base] = useState(initial);
  // Beside a preview the fields have half the width: two to a row instead of four.
  const fieldColumn = preview ? 'col-md-6' : 'col-md-6 col-xl-3';

  return (
    <Form<AppearanceFormValues>
      onSubmit={(values) => onSubmit(toAppearanceSettings(values, base))}
      initialValues={initialValues}
    >
      {({ handleSubmit, submitting }) => (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <FormUnsavedChanges sessionDraft={sessionDraft} />
          {onChange ? (
            <FormChangeListener<AppearanceFormValues>
              onChange={(values, dirty) => onChange(toAppearanceSettings(values, base), dirty)}
            />
          ) : null}
          <BesidePreview
            preview={
              preview &&
              (() => (
                <FormSpy<AppearanceFormValues> subscription={{ values: true }}>
                  {({ values }) => preview(toAppearanceSettings(values, base))}
                </FormSpy>
              ))
            }
          >
            {parts.length > 0 ? (
              <fieldset className="border rounded p-3 mb-3">
                <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-0">
                  {APPEARANCE_LABEL.page}
                </legend>
                <div className="row">
                  {parts.map((part) => (
                    <div className={fieldColumn} key={part}>
                      {part === 'headerHeight' ? (
                        <TextField
                          name="headerHeight"
                          label={APPEARANCE_LABEL.headerHeight}
                          inputMode="numeric"
                          validate={validateHeaderHeight}
                        />
                      ) : (
                        <ColorPickerField
                          name={part}
                          label={APPEARANCE_LABEL[part]}
                          validate={validateColor}
                        />
                      )}
                    </div>
                  ))}
                </div>
              </fieldset>
            ) : null}
            {STYLE_ITEMS.map((item) => (
              <fieldset className="border rounded p-3 mb-3" key={item.key}>
                <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-0">
                  {item.label}
                </legend>
                <div className="row">
                  <div className={fieldColumn}>
                    <FontSelectField
                      name={`items.${item.key}.fontFamily`}
                      label={APPEARANCE_LABEL.fontFamily}
                      validate={validateFont}
                    />
                  </div>
                  <div className={fieldColumn}>
                    <FontSizeField
                      name={`items.${item.key}.fontSize`}
                      label={APPEARANCE_LABEL.fontSize}
                      validate={validateFontSize}
                    />
                  </div>
                  <div className={fieldColumn}>
                    <TextColorField item={item.key} />
                  </div>
                  <div className={fieldColumn}>
                    <ColorPickerField
                      name={`items.${item.key}.backgroundColor`}
                      label={APPEARANCE_LABEL.backgroundColor}
                      validate={validateColor}
                    />
                  </div>
                </div>
              </fieldset>
            ))}
          </BesidePreview>
          <BusyButton type="submit" variant="primary" busy={submitting}>
            {submitLabel}
          </BusyButton>
        </form>
      )}
    </Form>
  );
}

/**
 * Put inside a final-form <Form>: calls `onChange` with the values and whether they differ from
 * the initial ones, once when mounted and then at every change as it happens (a final-form
 * subscription, not a render later), so what it tells is never behind the fields.
 */
export function FormChangeListener<Values extends object>({
  onChange,
}: {
  onChange(values: Values, dirty: boolean): void;
}) {
  const form = useForm<Values>();
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(
    () =>
      form.subscribe(({ values, dirty }) => latest.current(values, Boolean(dirty)), {
        values: true,
        dirty: true,
      }),
    [form],
  );
  return null;
}

/**
 * The fields, with the preview (when there is one) beside them on wide screens and under them
 * on narrow ones; it stays in view while the fields scroll.
 */
export function BesidePreview({
  preview,
  children,
}: {
  preview: (() => ReactNode) | undefined;
  children: ReactNode;
}) {
  if (!preview) return <>{children}</>;
  return (
    <div className="row">
      <div className="col-lg-7">{children}</div>
      <div className="col-lg-5 mb-3">
        <div className="position-sticky top-0">{preview()}</div>
      </div>
    </div>
  );
}
