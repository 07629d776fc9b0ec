/**
 * Whether the server still holds an image a site file names, asked before a builder's import
 * (client/src/lib/sites/missing-images.ts): a HEAD of the image's link on the URL base, driven
 * through the client's real endpoint (imageStored, client/src/lib/api/images-api.ts). 200 for a
 * stored image, 404 for an id no image has (an image deleted once unused).
 */
import { MatchersV3 } from '@pact-foundation/pact';
import { URL_PATHS } from '../api/paths';
import { imagesApi } from '@/lib/api/images-api';
import { newPact, STATE, storeFor } from './support/pact';

const { fromProviderState } = MatchersV3;

/** The image ids the states answer; the examples are what the client asks for here. */
const EXAMPLE = {
  stored: 'fac9'.padEnd(32, '0'),
  missing: 'faca'.padEnd(32, '0'),
} as const;
const imagePathFromState = (example: string) =>
  fromProviderState(URL_PATHS.image('${imageId}'), URL_PATHS.image(example));

describe('image links (01 §7.3): is the image stored?', () => {
  it('answers 200 to a HEAD of a stored image', async () => {
    const pact = newPact();
    pact
      .given(STATE.imageStored)
      .uponReceiving('a HEAD request for a stored image')
      .withRequest({ method: 'HEAD', path: imagePathFromState(EXAMPLE.stored) })
      .willRespondWith({ status: 200 });

    await pact.executeTest(async (mock) => {
      const stored = await storeFor(mock.url)
        .dispatch(imagesApi.endpoints.imageStored.initiate(EXAMPLE.stored))
        .unwrap();
      expect(stored).toBe(true);
    });
  });

  it('answers 404 to a HEAD of an image the server does not have', async () => {
    const pact = newPact();
    pact
      .given(STATE.imageMissing)
      .uponReceiving('a HEAD request for an image the server does not have')
      .withRequest({ method: 'HEAD', path: imagePathFromState(EXAMPLE.missing) })
      .willRespondWith({ status: 404 });

    await pact.executeTest(async (mock) => {
      const stored = await storeFor(mock.url)
        .dispatch(imagesApi.endpoints.imageStored.initiate(EXAMPLE.missing))
        .unwrap();
      expect(stored).toBe(false);
    });
  });
});
