/**
 * Tells an image's type from its first bytes. The name and the declared mimetype of an upload
 * are chosen by the sender, so only the content decides. Written here rather than taken from a
 * library: six signatures are a few lines, and the usual package (file-type) pulls in several
 * ESM-only packages. SVG is refused on purpose: it can carry script.
 */
export type ImageContentType =
  'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/bmp' | 'image/x-icon';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

function readUint32LE(bytes: Uint8Array, offset: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(offset, true);
}

/** BMP: "BM", then a known DIB header size, so a text starting with "BM" is not taken for one. */
function isBmp(bytes: Uint8Array): boolean {
  if (bytes.length < 26 || !startsWith(bytes, ascii('BM'))) return false;
  return [12, 40, 52, 56, 64, 108, 124].includes(readUint32LE(bytes, 14));
}

/** ICO: reserved 0, type 1, at least one image, and room for its directory entry. */
function isIco(bytes: Uint8Array): boolean {
  if (bytes.length < 22 || !startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return false;
  const count = (bytes[4] ?? 0) | ((bytes[5] ?? 0) << 8);
  return count > 0;
}

/** The image type of `bytes`, or undefined when it is none of the accepted types. */
export function sniffImageType(bytes: Uint8Array): ImageContentType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (isBmp(bytes)) return 'image/bmp';
  if (isIco(bytes)) return 'image/x-icon';
  return undefined;
}
