/**
 * The media slots of an imported site file whose image the server no longer holds
 * (client/src/lib/sites/missing-images.ts): they keep the profile's current image, else are left
 * empty, and are named by their Media step labels.
 */
import { withoutMissingImages } from '@/lib/sites/missing-images';

const FIELDS = {
  headerLogo: 'header',
  logo: 'logo',
  favicon: 'icon',
  background: 'back',
} as const;

describe('withoutMissingImages', () => {
  it('empties the slots whose image is gone, in the Media step order, asking once per id', async () => {
    const asked: string[] = [];
    const isStored = (id: string) => {
      asked.push(id);
      return Promise.resolve(id !== 'gone');
    };
    const settings = { header: 'gone', logo: 'kept', icon: 'kept', back: 'gone', title: 'Shop' };
    const result = await withoutMissingImages(settings, FIELDS, (value) => value, isStored, null);
    expect(result.settings).toEqual({
      header: null,
      logo: 'kept',
      icon: 'kept',
      back: null,
      title: 'Shop',
    });
    expect(result.leftEmpty).toEqual(['Header logo image', 'Background image']);
    expect(result.keptCurrent).toEqual([]);
    expect(asked).toEqual(['gone', 'kept']);
  });

  it('empties a value that cannot name a stored image without asking, and sends empty text as null', async () => {
    const isStored = jest.fn(() => Promise.resolve(true));
    const settings = {
      header: null,
      logo: 'https://elsewhere.example/logo.png',
      icon: '',
      back: '../x',
    };
    const result = await withoutMissingImages(
      settings,
      FIELDS,
      (value) => (value.startsWith('https:') ? null : value),
      isStored,
      null,
    );
    expect(result.settings).toEqual({ header: null, logo: null, icon: null, back: null });
    expect(result.leftEmpty).toEqual(['Site logo image', 'Background image']);
    expect(isStored).not.toHaveBeenCalled();
  });

  it("keeps the profile's current image where the file's is gone; empties only slots with none", async () => {
    const isStored = (id: string) => Promise.resolve(id === 'kept');
    const settings = {
      header: 'gone',
      logo: 'gone-too',
      icon: 'kept',
      back: 'gone',
      title: 'Shop',
    };
    const current = { header: 'now-h', logo: null, icon: 'now-i', back: '' };
    const result = await withoutMissingImages(
      settings,
      FIELDS,
      (value) => value,
      isStored,
      current,
    );
    expect(result.settings).toEqual({
      header: 'now-h',
      logo: null,
      icon: 'kept',
      back: null,
      title: 'Shop',
    });
    expect(result.keptCurrent).toEqual(['Header logo image']);
    expect(result.leftEmpty).toEqual(['Site logo image', 'Background image']);
  });

  it('fails as the check fails', async () => {
    const failure = { status: 500, errorCode: 99, errorMessage: 'Server error' };
    await expect(
      withoutMissingImages(
        { header: 'a', logo: null, icon: null, back: null },
        FIELDS,
        (v) => v,
        () => Promise.reject(failure),
        null,
      ),
    ).rejects.toBe(failure);
  });
});
