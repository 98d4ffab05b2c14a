import sharp, { type Metadata } from 'sharp';

/** An upload decoded and encoded again: only its pixels survive. */
export interface ReencodedImage {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
  width: number;
  height: number;
}

export type ImageRefusal =
  { reason: 'type' } | { reason: 'corrupt' } | { reason: 'pixels'; width: number; height: number };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * Only the PNG and JPEG decoders ever see an upload: sharp reads many more
 * formats (SVG, TIFF, GIF ...), so the kind is settled by the first bytes before
 * it is handed any.
 */
function kindOf(bytes: Buffer): 'png' | 'jpeg' | null {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.subarray(0, 3).equals(JPEG_SIGNATURE)) return 'jpeg';
  return null;
}

/**
 * Decodes a PNG or JPEG with sharp (libvips) and encodes it again in the same
 * type. What comes out holds the pixels and nothing else: no EXIF (GPS
 * positions), no text chunks or comments, nothing appended after the image's
 * end. A truncated or corrupt image does not decode and is refused. The pixel
 * count is checked from the header before anything is decoded (a
 * decompression bomb costs nothing), and again by libvips while decoding.
 * The EXIF orientation is applied first, so the picture looks as it did.
 */
export async function reencodeImage(
  bytes: Buffer,
  maxPixels: number,
): Promise<ReencodedImage | ImageRefusal> {
  const kind = kindOf(bytes);
  if (!kind) return { reason: 'type' };
  let header: Metadata;
  try {
    // Header only: the pixel limit below is ours, with its own answer.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { reason: 'corrupt' };
  }
  if (header.format !== kind || !header.width || !header.height) return { reason: 'corrupt' };
  if (header.width * header.height > maxPixels) {
    return { reason: 'pixels', width: header.width, height: header.height };
  }
  try {
    const image = sharp(bytes, { failOn: 'truncated', limitInputPixels: maxPixels }).autoOrient();
    const encoded = kind === 'png' ? image.png() : image.jpeg({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return kind === 'png'
      ? {
          bytes: data,
          contentType: 'image/png',
          extension: 'png',
          width: info.width,
          height: info.height,
        }
      : {
          bytes: data,
          contentType: 'image/jpeg',
          extension: 'jpg',
          width: info.width,
          height: info.height,
        };
  } catch {
    return { reason: 'corrupt' };
  }
}
