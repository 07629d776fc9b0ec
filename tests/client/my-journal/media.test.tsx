import { screen, waitFor, within } from '@testing-library/react';
import { IMAGE_LIMITS } from '@contracts/api/constants';
import { JOURNAL_TEXT, type JournalProfile } from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { defaultJournalStylesheet } from '@contracts/site/style-model';
import { readBodyBackgroundImage } from '@contracts/site/stylesheet';
import { UNSAVED_CHANGES_TEXT } from '@/components/wizard/unsaved-changes';
import { paths, withId } from '@/config/paths';
import { currentPath, renderApp, setTokenCookie } from '../../support/client-app';
import { deferred, installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import {
  installJournalServer,
  makePage,
  makeProfile,
  type JournalFake,
} from './journal-fake-server';
import {
  UPLOAD_BUTTON_NAME as UPLOAD,
  imageSlot,
  imageSlotButton,
  png,
} from '../../support/image-slot';
import { pressOk } from '../../support/dialogs';
import { readAnswer, staleAnswer } from '../../support/record-etags';

let server: FakeFetch;
let journal: JournalFake;

const CSS = defaultJournalStylesheet(2);
const PROFILE = makeProfile({ profileId: 1, logo: 'logo-1', cssOverride: CSS });

beforeEach(() => {
  server = installFakeFetch();
  journal = installJournalServer(server, {
    profiles: [PROFILE],
    pages: [makePage({ pageId: 1, profileId: 1, pageTypeId: 1 })],
  });
  server.on('POST /images', { status: 201, body: { id: 'img-9' } });
  setTokenCookie();
});
afterEach(() => server.restore());

async function openMedia() {
  const view = renderApp({ route: withId(paths.mj.wizard.media, 1) });
  expect(await screen.findByRole('heading', { name: 'MyJournal Media Files' })).toBeVisible();
  await screen.findByRole('button', { name: 'Save & Continue' });
  return view;
}
const slot = imageSlot;
const slotButton = imageSlotButton;
const lastPut = () => {
  const puts = server.calls('PUT /api/myjournal/profiles/1');
  return puts[puts.length - 1]?.body as JournalProfile;
};

describe('step 4, MyJournal Media Files', () => {
  it('shows four slots in order with their limits; a stored image shows as uploaded', async () => {
    await openMedia();
    expect(screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual(
      ['Header logo image', 'Site logo image', 'Favicon image', 'Background image'],
    );
    expect(screen.getByLabelText('Header logo image')).toHaveAccessibleDescription('Max 300 KB');
    expect(screen.getByLabelText('Favicon image')).toHaveAccessibleDescription('Max 300 KB');
    expect(screen.getByLabelText('Background image')).toHaveAccessibleDescription('Max 1.5 MB');
    expect(within(slot('Site logo image')).getByRole('status')).toHaveTextContent('Uploaded');
    expect(
      within(slot('Site logo image')).getByRole('img', { name: 'Site logo image preview' }),
    ).toHaveAttribute('src', '/images/logo-1.png');
    expect(within(slot('Header logo image')).getByRole('status')).toHaveTextContent(
      'Upload an Image',
    );
    expect(slotButton('Header logo image', 'Remove')).toBeDisabled();
  });

  it('uploads a chosen file and previews it', async () => {
    const { user } = await openMedia();
    await user.upload(screen.getByLabelText('Header logo image'), png('header.png', 2000));
    expect(within(slot('Header logo image')).getByRole('status')).toHaveTextContent(
      'header.png is ready to be uploaded',
    );
    await user.click(slotButton('Header logo image', UPLOAD));

    await waitFor(() =>
      expect(within(slot('Header logo image')).getByRole('status')).toHaveTextContent('Uploaded'),
    );
    expect(
      within(slot('Header logo image')).getByRole('img', { name: 'Header logo image preview' }),
    ).toHaveAttribute('src', '/images/img-9.png');
    const [request] = server.calls('POST /images');
    expect(request?.headers.get('Content-Type')).toMatch(/^multipart\/form-data/);
    // Uploading stores the image; the profile is saved with Save & Continue.
    expect(journal.writes()).toEqual(['POST /images']);
  });

  it("shows the server's message when it refuses the file, and lets the file go", async () => {
    server.on('POST /images', {
      status: 415,
      body: { errorCode: 5, errorMessage: 'Only image files can be uploaded' },
    });
    const { user } = await openMedia();
    await user.upload(screen.getByLabelText('Favicon image'), png('icon.png', 100));
    await user.click(slotButton('Favicon image', UPLOAD));
    expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain(
      'Only image files can be uploaded',
    );
    expect(within(slot('Favicon image')).getByRole('status')).toHaveTextContent('Upload an Image');
  });

  it("shows the server's message when an upload fails otherwise, and keeps the file ready", async () => {
    server.on('POST /images', {
      status: 500,
      body: { errorCode: 1, errorMessage: 'Something went wrong' },
    });
    const { user } = await openMedia();
    await user.upload(screen.getByLabelText('Favicon image'), png('icon.png', 100));
    await user.click(slotButton('Favicon image', UPLOAD));
    expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain('Something went wrong');
    expect(within(slot('Favicon image')).getByRole('status')).toHaveTextContent(
      'icon.png is ready to be uploaded',
    );
  });

  it('refuses a file over the limit with "File size is too large"', async () => {
    const { user } = await openMedia();
    await user.upload(
      screen.getByLabelText('Header logo image'),
      png('big.png', IMAGE_LIMITS.small + 1),
    );
    expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain('File size is too large');
    expect(slotButton('Header logo image', UPLOAD)).toBeDisabled();
    // The background takes up to 1.5 MB.
    await user.upload(
      screen.getByLabelText('Background image'),
      png('bg.png', IMAGE_LIMITS.small + 1),
    );
    expect(slotButton('Background image', UPLOAD)).toBeEnabled();
    expect(server.calls('POST /images')).toHaveLength(0);
  });

  it('Remove saves the profile at once without the image and says so', async () => {
    const { user } = await openMedia();
    await user.click(slotButton('Site logo image', 'Remove'));

    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(JOURNAL_TEXT.logoRemoved);
    expect(journal.writes()).toEqual(['PUT /api/myjournal/profiles/1']);
    expect(lastPut()).toEqual({ ...PROFILE, logo: null });
    expect(within(slot('Site logo image')).getByRole('status')).toHaveTextContent(
      'Upload an Image',
    );
    expect(slotButton('Site logo image', 'Remove')).toBeDisabled();
    expect(currentPath()).toBe(paths.mj.wizard.media.path);
  });

  it('a failed removal keeps the image and shows the message', async () => {
    server.on('PUT /api/myjournal/profiles/1', {
      status: 500,
      body: { errorCode: 99, errorMessage: 'Internal error' },
    });
    const { user } = await openMedia();
    await user.click(slotButton('Site logo image', 'Remove'));
    expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain('Internal error');
    expect(within(slot('Site logo image')).getByRole('status')).toHaveTextContent('Uploaded');
  });

  it('while a Remove runs, Save & Continue and the other slots wait: nothing puts the image back', async () => {
    journal.profiles[0]!.headerImg = 'header-1';
    // The removal is stored at once; its answer comes back later.
    const answer = deferred<undefined>();
    server.once('PUT /api/myjournal/profiles/1', async (request) => {
      const stale = staleAnswer(request, journal.profiles[0]);
      if (stale) return stale;
      journal.profiles[0] = { ...journal.profiles[0]!, ...(request.body as JournalProfile) };
      const stored = readAnswer(journal.profiles[0]);
      await answer.promise;
      return stored;
    });
    const { user } = await openMedia();
    const save = () => screen.getByRole('button', { name: 'Save & Continue' });
    await user.click(slotButton('Site logo image', 'Remove'));
    await waitFor(() => expect(journal.writes()).toEqual(['PUT /api/myjournal/profiles/1']));

    // Pressed meanwhile, Save & Continue and another slot's Remove send nothing: they wait.
    await user.click(save());
    await user.click(slotButton('Header logo image', 'Remove'));
    expect(journal.writes()).toEqual(['PUT /api/myjournal/profiles/1']);
    expect(save()).toBeDisabled();
    expect(slotButton('Header logo image', 'Remove')).toBeDisabled();
    answer.resolve(undefined);
    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(JOURNAL_TEXT.logoRemoved);
    expect(journal.writes()).toEqual(['PUT /api/myjournal/profiles/1']);
    expect(journal.profiles[0]).toMatchObject({ logo: null, headerImg: 'header-1' });
    // Answered: the slots are available again.
    expect(slotButton('Site logo image', 'Browse')).toBeEnabled();
    expect(slotButton('Header logo image', 'Remove')).toBeEnabled();

    // Done: the save sends the profile as the removal left it.
    await user.click(save());
    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(JOURNAL_TEXT.updateProfile);
    expect(lastPut()).toMatchObject({ logo: null, headerImg: 'header-1' });
    expect(journal.profiles[0]?.logo).toBeNull();
    await waitFor(() => expect(currentPath()).toBe(paths.mj.wizard.editor.font.path));
  });

  it('Save & Continue stores the images and the background CSS, then opens Appearance', async () => {
    const { user } = await openMedia();
    await user.upload(screen.getByLabelText('Background image'), png('bg.png', 5000));
    await user.click(slotButton('Background image', UPLOAD));
    await waitFor(() =>
      expect(within(slot('Background image')).getByRole('status')).toHaveTextContent('Uploaded'),
    );
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));

    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(JOURNAL_TEXT.updateProfile);
    const saved = lastPut();
    expect(saved).toMatchObject({ logo: 'logo-1', headerImg: null, backgroundImg: 'img-9' });
    expect(readBodyBackgroundImage(saved.cssOverride)).toBe('/images/img-9.png');
    expect(saved.cssOverride).toContain('background-size: cover;');
    expect(saved.cssOverride).toContain('background-position: top center;');
    expect(saved.cssOverride).toContain('background-repeat: no-repeat;');
    // The rest of the stylesheet is as it was.
    expect(saved.cssOverride).toContain(CSS.slice(CSS.indexOf('header {')));
    await waitFor(() => expect(currentPath()).toBe(paths.mj.wizard.editor.font.path));
    expect(window.location.hash).toContain('?id=1');
  });

  it('an upload that lands while Save & Continue runs was not saved: moving on asks, Stay keeps it', async () => {
    const uploaded = deferred<undefined>();
    server.once('POST /images', async () => {
      await uploaded.promise;
      return { status: 201, body: { id: 'img-late' } };
    });
    const { user } = await openMedia();
    await user.upload(screen.getByLabelText('Header logo image'), png('header.png', 2000));
    await user.click(slotButton('Header logo image', UPLOAD));
    // Saved while the upload runs: the profile goes without the new image.
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    const success = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(lastPut().headerImg).toBeNull();
    uploaded.resolve(undefined);
    await waitFor(() =>
      expect(within(slot('Header logo image')).getByRole('status')).toHaveTextContent('Uploaded'),
    );

    await user.click(within(success).getByRole('button', { name: DIALOG_TEXT.ok }));
    const question = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
    await user.click(within(question).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe(paths.mj.wizard.media.path);

    // The next save sends it and moves on without a question.
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await pressOk(user, DIALOG_TEXT.successTitle);
    expect(lastPut().headerImg).toBe('img-late');
    await waitFor(() => expect(currentPath()).toBe(paths.mj.wizard.editor.font.path));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('without a background image the save clears the body image from the CSS', async () => {
    journal.profiles[0]!.cssOverride = `${CSS}\nbody { background-image: url('/images/old.png'); }\n`;
    const { user } = await openMedia();
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await pressOk(user, DIALOG_TEXT.successTitle);
    const saved = lastPut();
    expect(saved.backgroundImg).toBeNull();
    expect(saved.cssOverride).not.toContain('background-image');
    expect(readBodyBackgroundImage(saved.cssOverride)).toBeUndefined();
  });
});
