/**
 * The merchant media upload's request and its failures as the screens get them (02 §5, §7, §8).
 * The other merchant calls are described, request and answer, by the pacts
 * (contracts/consumer/merchant.pact.test.ts); the 413 of an oversize image cannot be (its body is
 * over the pact verifier's proxy limit), so it is checked here, with the upload's transport
 * replaced by a recording one.
 */
import { ERROR_CODE, MODULE_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { MERCHANT_MEDIA_FIELD_NAME, MERCHANT_TEXT } from '@contracts/api/merchant';
import { merchantApi } from '@/features/my-merchant/api/merchant-api';
import type { TransportRequest, UploadTransport } from '@/lib/api/upload-request';
import { makeStore } from '@/lib/store/store';
import { TEST_TOKEN } from '../../support/client-app';

const signedInStore = () => makeStore({ session: { token: TEST_TOKEN } });

/** A transport that keeps the request and answers `status` with `body` as JSON. */
function answering(status: number, body: unknown) {
  const sent: TransportRequest[] = [];
  const transport: UploadTransport = async (request) => {
    sent.push(request);
    request.onProgress?.({ loaded: 10, total: 20 });
    return { status, text: JSON.stringify(body) };
  };
  return { sent, transport };
}

const logo = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });

describe('merchant media upload (02 §7)', () => {
  it('posts the file as multipart field "image" to mediaUpload/{profileId}?filename={slot}', async () => {
    const answer = {
      id: 7,
      filename: 'logo',
      path: '/images/0123456789abcdef0123456789abcdef.png',
    };
    const { sent, transport } = answering(200, answer);
    const progress: number[] = [];
    const file = logo();

    const result = await signedInStore()
      .dispatch(
        merchantApi.endpoints.uploadMerchantMedia.initiate({
          profileId: 7,
          filename: 'logo',
          file,
          transport,
          onProgress: ({ loaded }) => progress.push(loaded),
        }),
      )
      .unwrap();

    expect(result).toEqual(answer);
    expect(progress).toEqual([10]);
    const [request] = sent;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/mymerchant/mediaUpload/7?filename=logo');
    expect(request?.headers.get('Authorization')).toBe(TEST_TOKEN.token);
    expect(request?.headers.get('moduleCode')).toBe(MODULE_CODE);
    const part = request?.body.get(MERCHANT_MEDIA_FIELD_NAME);
    expect(part).toBeInstanceOf(File);
    expect((part as File).name).toBe('logo.png');
    expect([...(request?.body.keys() ?? [])]).toEqual([MERCHANT_MEDIA_FIELD_NAME]);
  });

  it.each([
    {
      what: "an image over the slot's limit",
      status: 413,
      body: { errorCode: ERROR_CODE.TOO_LARGE, errorMessage: MERCHANT_TEXT.fileTooLarge },
    },
    {
      what: 'a file that is not an image',
      status: 415,
      body: {
        errorCode: ERROR_CODE.UNSUPPORTED_MEDIA,
        errorMessage: ERROR_MESSAGE.unsupportedMedia,
      },
    },
  ])('passes the refusal of $what on as the server said it', async ({ status, body }) => {
    const { transport } = answering(status, body);
    const result = await signedInStore().dispatch(
      merchantApi.endpoints.uploadMerchantMedia.initiate({
        profileId: 7,
        filename: 'background',
        file: logo(),
        transport,
      }),
    );
    expect(result.error).toEqual({ status, ...body });
  });
});
