import { Suspense, lazy } from 'react';
import { LoadingIndicator } from '@/components/common/loading-indicator';
import type { RichTextFieldProps } from '@/components/form/RichTextField';

/**
 * The rich-text field, loaded on first use: TipTap and ProseMirror make up most of the editor's
 * weight, and only the page editors need them, so they are a chunk of their own rather than
 * part of the journal area every journal screen loads. The form keeps the field's value while
 * the chunk loads.
 */
const RichTextField = lazy(() =>
  import(/* webpackChunkName: "rich-text" */ '@/components/form/RichTextField').then((module) => ({
    default: module.RichTextField,
  })),
);

export function LazyRichTextField(props: RichTextFieldProps) {
  return (
    <Suspense fallback={<LoadingIndicator />}>
      <RichTextField {...props} />
    </Suspense>
  );
}
