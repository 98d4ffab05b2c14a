import { describe, expect, it } from 'vitest';
import { sniffImage, sniffImageType } from '../../src/lib/image-sniff.js';
import { jpeg, png } from '../helpers/images.js';

describe('sniffImage', () => {
  it('reads the type and size of a PNG from its header', () => {
    expect(sniffImage(png(7, 5))).toEqual({
      contentType: 'image/png',
      extension: 'png',
      width: 7,
      height: 5,
    });
  });

  it('reads the type and size of a JPEG from its frame header', () => {
    expect(sniffImage(jpeg)).toEqual({
      contentType: 'image/jpeg',
      extension: 'jpg',
      width: 3,
      height: 2,
    });
  });

  it('reads the declared size without decoding the pixels', () => {
    expect(sniffImage(png(50_000, 50_000, { declaredOnly: true }))).toMatchObject({
      width: 50_000,
      height: 50_000,
    });
  });

  it.each([
    ['a script', Buffer.from('#!/bin/sh\nrm -rf /\n')],
    ['HTML', Buffer.from('<html><script>alert(1)</script></html>')],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['empty', Buffer.alloc(0)],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImageType(bytes)).toBeNull();
    expect(sniffImage(bytes)).toBeNull();
  });

  it('refuses a PNG signature without a header, and a truncated JPEG', () => {
    expect(sniffImage(png(2, 2).subarray(0, 12))).toBeNull();
    expect(sniffImage(jpeg.subarray(0, 40))).toBeNull();
  });
});
