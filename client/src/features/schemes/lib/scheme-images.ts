import { imageLink } from '@/lib/api/images-api';

/**
 * A scheme's stored image reference as a browser address: an image id of the shared image
 * endpoint becomes its link on the URL base ({id}.png, 03 §7); a data:, http(s) or absolute
 * address is used as it is.
 */
export function schemeImageSrc(urlBase: string, reference: string): string {
  return /^(?:data:|https?:\/\/|\/)/i.test(reference) ? reference : imageLink(urlBase, reference);
}
