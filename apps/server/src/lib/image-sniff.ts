/**
 * Decides an image's type and size from its bytes, never from its name: a script
 * renamed `.png` is not a PNG. Only the headers are read; nothing is decoded, so
 * a "decompression bomb" is refused by its declared pixel count before any work.
 */
export interface SniffedImage {
  contentType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** The type of an upload: png, jpeg, or null for anything else. */
export function sniffImageType(bytes: Uint8Array): SniffedImage['contentType'] | null {
  if (isPng(bytes)) return 'image/png';
  if (isJpeg(bytes)) return 'image/jpeg';
  return null;
}

function pngSize(bytes: Buffer): { width: number; height: number } | null {
  // The first chunk must be IHDR: length(4) "IHDR"(4) width(4) height(4).
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Start-of-frame markers carry the size; DHT (C4), JPG (C8) and DAC (CC) do not. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/** The image's type and size, or null when the bytes are not a readable PNG or JPEG. */
export function sniffImage(bytes: Buffer): SniffedImage | null {
  if (isPng(bytes)) {
    const size = pngSize(bytes);
    return size && size.width > 0 && size.height > 0
      ? { contentType: 'image/png', extension: 'png', ...size }
      : null;
  }
  if (isJpeg(bytes)) {
    const size = jpegSize(bytes);
    return size && size.width > 0 && size.height > 0
      ? { contentType: 'image/jpeg', extension: 'jpg', ...size }
      : null;
  }
  return null;
}
