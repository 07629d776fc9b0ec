import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createForm } from 'final-form';
import { Form } from 'react-final-form';
import { FormErrorsProvider } from '@/lib/forms/errorDisplay';

type Values = Record<string, unknown>;

/** Renders fields inside a real final-form form; `values()` reads the form's current values. */
export function renderInForm(
  fields: ReactNode,
  {
    initialValues,
    showErrors = false,
    afterSubmitOnly = false,
    userOptions,
  }: {
    initialValues?: Values;
    showErrors?: boolean;
    afterSubmitOnly?: boolean;
    userOptions?: Parameters<typeof userEvent.setup>[0];
  } = {},
) {
  const onSubmit = jest.fn();
  const form = createForm<Values>({ onSubmit, initialValues });
  const user = userEvent.setup(userOptions);
  const view = render(
    <Form form={form} onSubmit={onSubmit}>
      {({ handleSubmit }) => (
        <form onSubmit={handleSubmit} noValidate>
          <FormErrorsProvider showErrors={showErrors} afterSubmitOnly={afterSubmitOnly}>
            {fields}
          </FormErrorsProvider>
          <button type="submit">Submit</button>
        </form>
      )}
    </Form>,
  );
  return { ...view, user, form, onSubmit, values: () => form.getState().values };
}
