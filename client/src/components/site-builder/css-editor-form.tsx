/**
 * The raw stylesheet editor both site builders share (01 §2.9 CSS editor; 02 §2 Step 5 Edit CSS):
 * one labelled textarea holding the whole CSS override. The merchant's editor closes a brace as
 * it is typed (`autoCloseBrace`, 02 §2 Step 5: "when the text ends with an opening brace a
 * closing brace is appended"); the journal's does not.
 */
import { useState } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import BsForm from 'react-bootstrap/Form';
import { Form, FormSpy } from 'react-final-form';
import { FieldShell, useFormField } from '@/components/form/FieldShell';
import { FormUnsavedChanges } from '@/lib/forms/unsaved-changes';
import { maxLength } from '@/lib/forms/validators';
import { BesidePreview, FormChangeListener } from './appearance-form';
import { BusyButton } from '@/components/common/busy-button';

export const CSS_EDITOR_LABEL = 'CSS override';

interface CssValues {
  css?: string;
}

export interface CssEditorFormProps {
  /** The stored stylesheet. */
  initialCss: string | null;
  /** Longest accepted text (the server's limit). */
  maxChars: number;
  autoCloseBrace?: boolean;
  submitLabel: string;
  /** Called with the text ('' when emptied); the caller saves and moves on. */
  onSubmit(css: string): Promise<void>;
  /**
   * The live preview shown beside the text, given the text as it is being typed
   * ('' when emptied): components/site-builder/site-preview.tsx.
   */
  preview?: (css: string) => ReactNode;
  /**
   * Told the text as it is being typed ('' when emptied) at every change, and whether it differs
   * from `initialCss`: for a screen that edits the same stylesheet another way too.
   */
  onChange?(css: string, dirty: boolean): void;
  /**
   * False: the screen around keeps the unsaved edits when the session ends (it edits the same
   * stylesheet another way too); see FormUnsavedChanges.
   */
  sessionDraft?: boolean;
}

export function CssEditorForm({
  initialCss,
  maxChars,
  autoCloseBrace = false,
  submitLabel,
  onSubmit,
  preview,
  onChange,
  sessionDraft = true,
}: CssEditorFormProps) {
  const [initialValues] = useState<CssValues>(() => ({ css: initialCss ?? undefined }));
  const [validate] = useState(() => maxLength(maxChars));
  return (
    <Form<CssValues>
      onSubmit={(values) => onSubmit(values.css ?? '')}
      initialValues={initialValues}
    >
      {({ handleSubmit, submitting }) => (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <FormUnsavedChanges sessionDraft={sessionDraft} />
          {onChange ? (
            <FormChangeListener<CssValues>
              onChange={(values, dirty) => onChange(values.css ?? '', dirty)}
            />
          ) : null}
          <BesidePreview
            preview={
              preview &&
              (() => (
                <FormSpy<CssValues> subscription={{ values: true }}>
                  {({ values }) => preview(values.css ?? '')}
                </FormSpy>
              ))
            }
          >
            <CssTextArea autoCloseBrace={autoCloseBrace} validate={validate} />
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
 * The text with a `}` added when a `{` was just typed (or pasted) at the end, else undefined.
 * Deleting, or typing elsewhere in a text that already ends with `{`, never adds one.
 */
export function closeBrace(previous: string, next: string): string | undefined {
  const typedAtEnd = next.length > previous.length && !previous.endsWith('{');
  return typedAtEnd && next.endsWith('{') ? `${next}}` : undefined;
}

function CssTextArea({
  autoCloseBrace,
  validate,
}: {
  autoCloseBrace: boolean;
  validate: ReturnType<typeof maxLength>;
}) {
  const { input, id, error, aria } = useFormField<string | undefined>('css', { validate });
  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const element = event.target;
    const closed = autoCloseBrace ? closeBrace(input.value ?? '', element.value) : undefined;
    if (closed !== undefined) {
      // Written before React re-renders so the caret stays inside the braces.
      element.value = closed;
      element.setSelectionRange(closed.length - 1, closed.length - 1);
    }
    const text = closed ?? element.value;
    input.onChange(text === '' ? undefined : text);
  };
  return (
    <FieldShell id={id} label={CSS_EDITOR_LABEL} error={error}>
      <BsForm.Control
        {...aria}
        as="textarea"
        id={id}
        name={input.name}
        rows={24}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        className="font-monospace"
        value={input.value ?? ''}
        onChange={onChange}
        onBlur={input.onBlur}
        onFocus={input.onFocus}
        isInvalid={Boolean(error)}
      />
    </FieldShell>
  );
}
