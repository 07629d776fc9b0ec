import { act, screen, waitFor, within } from '@testing-library/react';
import { DialogHost } from '@/components/dialogs/dialog-host';
import { dialogs } from '@/lib/dialogs/dialog-service';
import type { ApiFailure } from '@/lib/api/errors';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { IMAGE_LIMITS } from '@contracts/api/constants';
import { ImageSlotField } from '@/components/form/ImageSlotField';
import { renderInForm } from './renderInForm';
import { UPLOAD_BUTTON_NAME as UPLOAD_CAPTION } from '../../support/image-slot';

const png = (name: string, bytes: number) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

function setup(initialValues?: Record<string, unknown>) {
  let finishUpload: (id: string) => void = () => undefined;
  const onUpload = jest.fn(
    (_file: File) =>
      new Promise<string>((resolve) => {
        finishUpload = resolve;
      }),
  );
  const onRemove = jest.fn(() => Promise.resolve());
  const onError = jest.fn();
  const view = renderInForm(
    <ImageSlotField
      name="logo"
      label="Site logo image"
      maxBytes={IMAGE_LIMITS.small}
      help="Max 300 KB"
      onUpload={onUpload}
      onRemove={onRemove}
      onError={onError}
      resolveSrc={(id) => `/images/${id}.png`}
    />,
    // accept="image/*" would stop user-event from choosing other files at all.
    { initialValues, userOptions: { applyAccept: false } },
  );
  const slot = screen.getByRole('group', { name: 'Site logo image' });
  const button = (name: string) => within(slot).getByRole('button', { name });
  // The Upload button's caption is the slot's caption (01 §2.8).
  const uploadButton = () => within(slot).getByRole('button', { name: UPLOAD_CAPTION });
  return {
    ...view,
    slot,
    button,
    uploadButton,
    onUpload,
    onRemove,
    onError,
    finish: (id: string) => finishUpload(id),
  };
}

describe('ImageSlotField', () => {
  it('starts empty: placeholder, caption, Upload and Remove disabled', () => {
    const { slot, button, uploadButton } = setup();
    expect(within(slot).getByRole('img', { name: 'No image' })).toBeInTheDocument();
    expect(within(slot).getByRole('status')).toHaveTextContent('Upload an Image');
    expect(uploadButton()).toHaveAccessibleName('Upload an Image');
    expect(button('Browse')).toBeEnabled();
    expect(uploadButton()).toBeDisabled();
    expect(button('Remove')).toBeDisabled();
    expect(screen.getByLabelText('Site logo image')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('Site logo image')).toHaveAccessibleDescription('Max 300 KB');
  });

  it('cycles the caption through choose, upload and remove', async () => {
    const { user, slot, button, uploadButton, onUpload, onRemove, finish, values } = setup();
    await user.upload(screen.getByLabelText('Site logo image'), png('logo.png', 1000));
    const status = within(slot).getByRole('status');
    expect(status).toHaveTextContent('logo.png is ready to be uploaded');
    expect(uploadButton()).toHaveAccessibleName('logo.png is ready to be uploaded');
    expect(uploadButton()).toBeEnabled();

    await user.click(uploadButton());
    expect(status).toHaveTextContent('Uploading');
    expect(uploadButton()).toHaveAccessibleName('Uploading');
    expect(onUpload).toHaveBeenCalledWith(expect.objectContaining({ name: 'logo.png' }));
    // Unavailable while the upload runs, yet focusable: a dialog about it gives the focus back.
    expect(uploadButton()).toHaveAttribute('aria-disabled', 'true');
    expect(uploadButton()).toHaveFocus();
    await user.click(uploadButton());
    expect(onUpload).toHaveBeenCalledTimes(1);

    finish('img-1');
    await waitFor(() => expect(status).toHaveTextContent('Uploaded'));
    expect(uploadButton()).toHaveAccessibleName('Uploaded');
    expect(values().logo).toBe('img-1');
    expect(within(slot).getByRole('img', { name: 'Site logo image preview' })).toHaveAttribute(
      'src',
      '/images/img-1.png',
    );
    expect(uploadButton()).toBeDisabled();
    expect(button('Remove')).toBeEnabled();

    await user.click(button('Remove'));
    expect(onRemove).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(status).toHaveTextContent('Upload an Image'));
    expect(values().logo).toBeUndefined();
    expect(button('Remove')).toBeDisabled();
    expect(within(slot).getByRole('img', { name: 'No image' })).toBeInTheDocument();
  });

  it('keeps the keyboard focus in the slot: Upload done → Remove, Remove done → Browse', async () => {
    const { user, button, uploadButton, finish, onUpload } = setup();
    await user.upload(screen.getByLabelText('Site logo image'), png('logo.png', 1000));
    uploadButton().focus();
    await user.keyboard('{Enter}');
    finish('img-1');
    await waitFor(() => expect(button('Remove')).toHaveFocus());

    await user.keyboard('{Enter}');
    await waitFor(() => expect(button('Browse')).toHaveFocus());

    // A failed upload leaves the focus on Upload, the file ready for a retry.
    onUpload.mockImplementationOnce(() => Promise.reject(new Error('boom')));
    await user.upload(screen.getByLabelText('Site logo image'), png('logo.png', 1000));
    uploadButton().focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(uploadButton()).toBeEnabled());
    expect(uploadButton()).toHaveFocus();
  });

  it('shows an image loaded with the form as uploaded', () => {
    const { slot, button } = setup({ logo: 'abc' });
    expect(within(slot).getByRole('status')).toHaveTextContent('Uploaded');
    expect(within(slot).getByRole('img', { name: 'Site logo image preview' })).toHaveAttribute(
      'src',
      '/images/abc.png',
    );
    expect(button('Remove')).toBeEnabled();
  });

  it('refuses a file over the limit with "File size is too large"', async () => {
    const { user, slot, uploadButton, onError } = setup();
    await user.upload(
      screen.getByLabelText('Site logo image'),
      png('big.png', IMAGE_LIMITS.small + 1),
    );
    expect(onError).toHaveBeenCalledWith(DIALOG_TEXT.fileTooLarge, 'size');
    expect(DIALOG_TEXT.fileTooLarge).toBe('File size is too large');
    expect(within(slot).getByRole('status')).toHaveTextContent('Upload an Image');
    expect(uploadButton()).toBeDisabled();
  });

  it('accepts a file exactly at the limit', async () => {
    const { user, slot, onError } = setup();
    await user.upload(
      screen.getByLabelText('Site logo image'),
      png('edge.png', IMAGE_LIMITS.small),
    );
    expect(onError).not.toHaveBeenCalled();
    expect(within(slot).getByRole('status')).toHaveTextContent('edge.png is ready to be uploaded');
  });

  it('refuses a file that is not an image', async () => {
    const { user, uploadButton, onError } = setup();
    const pdf = new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Site logo image'), pdf);
    expect(onError).toHaveBeenCalledWith(expect.any(String), 'type');
    expect(onError.mock.calls[0]?.[0]).not.toBe(DIALOG_TEXT.fileTooLarge);
    expect(uploadButton()).toBeDisabled();
  });

  it('keeps the chosen file ready when the upload fails', async () => {
    const { user, slot, uploadButton, onUpload } = setup();
    onUpload.mockImplementationOnce(() => Promise.reject(new Error('boom')));
    await user.upload(screen.getByLabelText('Site logo image'), png('logo.png', 10));
    await user.click(uploadButton());
    await waitFor(() =>
      expect(within(slot).getByRole('status')).toHaveTextContent(
        'logo.png is ready to be uploaded',
      ),
    );
    expect(uploadButton()).toBeEnabled();
  });

  it('keeps Remove disabled while the slot is empty, a chosen file not uploaded included', async () => {
    const { user, slot, button, uploadButton } = setup();
    await user.upload(screen.getByLabelText('Site logo image'), png('logo.png', 10));
    expect(within(slot).getByRole('status')).toHaveTextContent('logo.png is ready to be uploaded');
    expect(uploadButton()).toBeEnabled();
    expect(within(slot).getByRole('img', { name: 'No image' })).toBeInTheDocument();
    expect(button('Remove')).toBeDisabled();
  });
});

describe('ImageSlotField: a file the server refuses as such', () => {
  it.each([
    [415, 'not an image it takes'],
    [413, 'too large'],
  ])('%i (%s): the slot lets the file go, and the focus goes to Browse', async (status) => {
    const { user, slot, button, uploadButton, onUpload } = setup();
    const refusal: ApiFailure = { status, errorCode: 1, errorMessage: 'Refused' };
    onUpload.mockImplementationOnce(() => Promise.reject(refusal));
    await user.upload(screen.getByLabelText('Site logo image'), png('notimage.png', 10));
    uploadButton().focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(slot).getByRole('status')).toHaveTextContent('Upload an Image'),
    );
    expect(uploadButton()).toBeDisabled();
    expect(button('Remove')).toBeDisabled();
    await waitFor(() => expect(button('Browse')).toHaveFocus());
  });

  it('keeps the image the slot had before the refused file', async () => {
    const { user, slot, uploadButton, onUpload, values } = setup({ logo: 'img-0' });
    const refusal: ApiFailure = { status: 415, errorCode: 1, errorMessage: 'Refused' };
    onUpload.mockImplementationOnce(() => Promise.reject(refusal));
    await user.upload(screen.getByLabelText('Site logo image'), png('notimage.png', 10));
    await user.click(uploadButton());
    await waitFor(() => expect(within(slot).getByRole('status')).toHaveTextContent('Uploaded'));
    expect(values().logo).toBe('img-0');
  });
});

describe('ImageSlotField: the dialog of an upload or a removal', () => {
  afterEach(() => act(() => dialogs.closeAll()));

  it('gives the focus back to Remove after an upload, to Browse after a removal', async () => {
    const view = renderInForm(
      <>
        <ImageSlotField
          name="logo"
          label="Site logo image"
          maxBytes={IMAGE_LIMITS.small}
          onUpload={() => {
            void dialogs.success('Success', 'Logo file uploaded successfully');
            return Promise.resolve('img-1');
          }}
          onRemove={() => {
            void dialogs.success('Success', 'Logo image removed successfully');
            return Promise.resolve();
          }}
          onError={jest.fn()}
        />
        <button type="button">Save &amp; Continue</button>
        <DialogHost />
      </>,
    );
    const { user } = view;
    const slot = screen.getByRole('group', { name: 'Site logo image' });
    const button = (name: string | RegExp) => within(slot).getByRole('button', { name });
    /** Closes the dialog once the slot behind it shows the action done, as an operator does. */
    const closeSuccess = async (done: string) => {
      const dialog = await screen.findByRole('dialog', { name: 'Success' });
      // Behind the (modal) dialog, hidden from the accessibility tree.
      await within(slot).findByRole('img', { name: done, hidden: true });
      await user.click(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok }));
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
    };

    await user.upload(screen.getByLabelText('Site logo image'), png('logo.png', 10));
    button(UPLOAD_CAPTION).focus();
    await user.keyboard('{Enter}');
    await closeSuccess('Site logo image preview');
    await waitFor(() => expect(button('Remove')).toHaveFocus());

    await user.keyboard('{Enter}');
    await closeSuccess('No image');
    await waitFor(() => expect(button('Browse')).toHaveFocus());
  });
});
