import { sniffImageType } from '../../server/images/image-types';
import { GIF_BYTES, JPEG_BYTES, PNG_BYTES, SVG_BYTES } from './support/fixtures';

function bmp(): Buffer {
  const bytes = Buffer.alloc(58);
  bytes.write('BM', 0, 'ascii');
  bytes.writeUInt32LE(58, 2);
  bytes.writeUInt32LE(54, 10);
  bytes.writeUInt32LE(40, 14);
  return bytes;
}

function ico(): Buffer {
  const bytes = Buffer.alloc(22);
  bytes.writeUInt16LE(0, 0);
  bytes.writeUInt16LE(1, 2);
  bytes.writeUInt16LE(1, 4);
  return bytes;
}

function webp(): Buffer {
  return Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
}

describe('sniffImageType', () => {
  it.each([
    ['PNG', PNG_BYTES, 'image/png'],
    ['JPEG', JPEG_BYTES, 'image/jpeg'],
    ['GIF', GIF_BYTES, 'image/gif'],
    ['WEBP', webp(), 'image/webp'],
    ['BMP', bmp(), 'image/bmp'],
    ['ICO', ico(), 'image/x-icon'],
  ])('recognises %s', (_name, bytes, type) => {
    expect(sniffImageType(bytes)).toBe(type);
  });

  it.each([
    ['SVG', SVG_BYTES],
    ['text', Buffer.from('just some text that is long enough to look like a header')],
    ['text starting with BM', Buffer.from('BM this is a text file, not a bitmap at all')],
    [
      'RIFF that is not WEBP',
      Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')]),
    ],
    ['a truncated PNG signature', PNG_BYTES.subarray(0, 4)],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImageType(bytes)).toBeUndefined();
  });
});
