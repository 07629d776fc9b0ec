import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  MERCHANT_LIMITS,
  MERCHANT_TEXT,
  type MerchantMediaAnswer,
  type MerchantProfile,
} from '@contracts/api/merchant';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { paths, withId } from '@/config/paths';
import { currentPath, renderApp, setTokenCookie } from '../../support/client-app';
import { installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import { makeMerchantProfile } from './merchant-fake-server';
import {
  UPLOAD_BUTTON_NAME as UPLOAD,
  imageSlot,
  imageSlotButton,
  png,
} from '../../support/image-slot';
import { readAnswer, staleAnswer } from '../../support/record-etags';
import { pressOk } from '../../support/dialogs';

const PROFILE = makeMerchantProfile({ id: 5, logoPath: '/images/logo-5.png' });

const PROFILE_PATH = '/api/mymerchant/profile/5';
const UPLOAD_PATH = '/api/mymerchant/mediaUpload/5';

let server: FakeFetch;
let stored: MerchantProfile;
const realXhr = globalThis.XMLHttpRequest;

/** Uploads go through fetch (the fake server), as where there is no XMLHttpRequest. */
const uploadThroughFetch = () => Reflect.deleteProperty(globalThis, 'XMLHttpRequest');

beforeEach(() => {
  stored = structuredClone(PROFILE);
  server = installFakeFetch();
  server.on(`GET ${PROFILE_PATH}`, () => ({ body: stored }));
  server.on(`PUT ${PROFILE_PATH}`, (request) => {
    stored = { ...stored, ...(request.body as MerchantProfile) };
    return { body: stored };
  });
  server.on(`POST ${UPLOAD_PATH}`, (request) => {
    const slot = request.url.searchParams.get('filename') as MerchantMediaAnswer['filename'];
    const path = `/images/${slot}-new.png`;
    return { body: { id: 5, filename: slot, path } satisfies MerchantMediaAnswer };
  });
  setTokenCookie();
});
afterEach(() => {
  server.restore();
  globalThis.XMLHttpRequest = realXhr;
});

async function openMedia() {
  const view = renderApp({ route: withId(paths.mm.wizard.media, 5) });
  expect(await screen.findByRole('heading', { name: 'MyMerchant Media Files' })).toBeVisible();
  await screen.findByRole('button', { name: 'Save & Continue' });
  return view;
}
const slot = imageSlot;
const slotButton = imageSlotButton;
const writes = () =>
  server.requests
    .filter((r) => r.method !== 'GET')
    .map((r) => `${r.method} ${r.path}${r.url.search}`);

describe('MyMerchant step 4, Media Files', () => {
  it('shows the four slots with their limits and the help text; a stored image as uploaded', async () => {
    await openMedia();
    expect(screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual(
      ['Header logo image', 'Site logo image', 'Favicon image', 'Background image'],
    );
    expect(
      screen.getByText('Maximum 300 KB for header logo, logo and favicon, 1.5 MB for background.'),
    ).toBeVisible();
    expect(screen.getByLabelText('Header logo image')).toHaveAccessibleDescription('Max 300 KB');
    expect(screen.getByLabelText('Background image')).toHaveAccessibleDescription('Max 1.5 MB');
    expect(within(slot('Site logo image')).getByRole('status')).toHaveTextContent('Uploaded');
    expect(
      within(slot('Site logo image')).getByRole('img', { name: 'Site logo image preview' }),
    ).toHaveAttribute('src', '/images/logo-5.png');
    expect(slotButton('Header logo image', 'Remove')).toBeDisabled();
  });

  it('uploads to mediaUpload with the slot as filename and says "{type} file uploaded successfully"', async () => {
    uploadThroughFetch();
    const { user } = await openMedia();
    await user.upload(screen.getByLabelText('Favicon image'), png('icon.png', 2000));
    await user.click(slotButton('Favicon image', UPLOAD));

    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(
      MERCHANT_TEXT.fileUploaded('Favicon'),
    );
    await waitFor(() =>
      expect(within(slot('Favicon image')).getByRole('status')).toHaveTextContent('Uploaded'),
    );
    expect(
      within(slot('Favicon image')).getByRole('img', { name: 'Favicon image preview' }),
    ).toHaveAttribute('src', '/images/favicon-new.png');
    expect(writes()).toEqual([`POST ${UPLOAD_PATH}?filename=favicon`]);
    const [request] = server.calls(`POST ${UPLOAD_PATH}`);
    expect(request?.headers.get('Content-Type')).toMatch(/^multipart\/form-data/);
  });

  it('refuses a file over its slot\'s limit with "File size is too large" before uploading', async () => {
    const { user } = await openMedia();
    await user.upload(
      screen.getByLabelText('Header logo image'),
      png('big.png', MERCHANT_LIMITS.image.headerLogo + 1),
    );
    expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain(MERCHANT_TEXT.fileTooLarge);
    expect(slotButton('Header logo image', UPLOAD)).toBeDisabled();
    await user.upload(
      screen.getByLabelText('Background image'),
      png('bg-big.png', MERCHANT_LIMITS.image.background + 1),
    );
    expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain(MERCHANT_TEXT.fileTooLarge);
    // The background takes up to 1.5 MB.
    await user.upload(
      screen.getByLabelText('Background image'),
      png('bg.png', MERCHANT_LIMITS.image.headerLogo + 1),
    );
    expect(slotButton('Background image', UPLOAD)).toBeEnabled();
    expect(writes()).toEqual([]);
  });

  it('accepts only images', async () => {
    const { user } = await openMedia();
    // Chosen past the file dialog's image filter.
    fireEvent.change(screen.getByLabelText('Site logo image'), {
      target: { files: [new File(['a,b'], 'stores.csv', { type: 'text/csv' })] },
    });
    expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain('Only image files');
    expect(writes()).toEqual([]);
  });

  it('a failed upload says "Something went wrong, please try again" and keeps the file', async () => {
    uploadThroughFetch();
    server.on(`POST ${UPLOAD_PATH}`, {
      status: 500,
      body: { errorCode: 99, errorMessage: 'Internal error' },
    });
    const { user } = await openMedia();
    await user.upload(screen.getByLabelText('Header logo image'), png('head.png', 100));
    await user.click(slotButton('Header logo image', UPLOAD));
    expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain(MERCHANT_TEXT.uploadFailed);
    expect(within(slot('Header logo image')).getByRole('status')).toHaveTextContent(
      'head.png is ready to be uploaded',
    );
  });

  it('an upload the server finds too large says "File size is too large"', async () => {
    uploadThroughFetch();
    server.on(`POST ${UPLOAD_PATH}`, {
      status: 413,
      body: { errorCode: 413, errorMessage: MERCHANT_TEXT.fileTooLarge },
    });
    const { user } = await openMedia();
    await user.upload(screen.getByLabelText('Background image'), png('bg.png', 100));
    await user.click(slotButton('Background image', UPLOAD));
    expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain(MERCHANT_TEXT.fileTooLarge);
  });

  it('Remove clears the path field with a PUT and says "Logo image removed successfully"', async () => {
    const { user } = await openMedia();
    await user.click(slotButton('Site logo image', 'Remove'));

    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(MERCHANT_TEXT.logoRemoved);
    expect(writes()).toEqual([`PUT ${PROFILE_PATH}?returnBody=true`]);
    expect(server.calls(`PUT ${PROFILE_PATH}`)[0]?.body).toEqual({ ...PROFILE, logoPath: null });
    expect(within(slot('Site logo image')).getByRole('status')).toHaveTextContent(
      'Upload an Image',
    );
  });

  it('Remove reads the profile afresh first: a change the screen has not read yet is kept, not refused', async () => {
    // As the real server: reads answer an ETag, a save with another If-Match is refused (412).
    server.on(`GET ${PROFILE_PATH}`, () => readAnswer(stored));
    server.on(`PUT ${PROFILE_PATH}`, (request) => {
      const stale = staleAnswer(request, stored);
      if (stale) return stale;
      stored = { ...stored, ...(request.body as MerchantProfile) };
      return readAnswer(stored);
    });
    const { user } = await openMedia();
    // An upload's answer carries no ETag: the profile changes before the screen reads it again.
    stored = { ...stored, faviconPath: '/images/favicon-new.png' };

    await user.click(slotButton('Site logo image', 'Remove'));

    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(MERCHANT_TEXT.logoRemoved);
    expect(stored).toEqual({ ...PROFILE, faviconPath: '/images/favicon-new.png', logoPath: null });
  });

  it('Save & Continue moves on to the site editor', async () => {
    const { user } = await openMedia();
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await waitFor(() => expect(currentPath()).toBe(paths.mm.wizard.editor.path));
    expect(window.location.hash).toContain('?id=5');
    expect(writes()).toEqual([]);
  });
});
