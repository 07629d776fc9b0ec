import Cookies from 'js-cookie';

/** After creation the profile id is stored in a cookie named `id` (02 §4). */
export const MERCHANT_ID_COOKIE = 'id';

export function writeMerchantIdCookie(profileId: number): void {
  Cookies.set(MERCHANT_ID_COOKIE, String(profileId), {
    path: '/',
    sameSite: 'strict',
    secure: globalThis.location?.protocol === 'https:',
  });
}
