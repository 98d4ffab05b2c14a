import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';
import sharp from 'sharp';

/**
 * The characters of a captcha: digits without 0 and 1 (they read as O and I).
 * The login form's field is numeric.
 */
export const CAPTCHA_ALPHABET = '23456789';

/** Size the login form shows the image at; it is drawn at twice that for sharp screens. */
export const CAPTCHA_WIDTH = 132;
export const CAPTCHA_HEIGHT = 44;
const SCALE = 2;

const colours = ['#1d3557', '#7b2cbf', '#005f73', '#9b2226', '#3a5a40', '#283618'];

/**
 * The glyphs come from a real typeface (DejaVu Sans Mono Bold, shipped by the
 * @fontsource package) read by opentype.js, so they are outlines, not a bitmap
 * font of ours; the outline SVG never leaves the server.
 */
function loadFont(): opentype.Font {
  const require = createRequire(import.meta.url);
  const file = fs.readFileSync(
    require.resolve('@fontsource/dejavu-mono/files/dejavu-mono-latin-700-normal.woff'),
  );
  return opentype.parse(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
}

let font: opentype.Font | undefined;

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;
/** A random number in [-range, range]. */
const jitter = (range: number) => (randomInt(2001) / 1000 - 1) * range;

function outlineSvg(code: string): string {
  font ??= loadFont();
  const parts: string[] = [];
  const curve = () =>
    `M${randomInt(CAPTCHA_WIDTH)} ${randomInt(CAPTCHA_HEIGHT)} Q${randomInt(CAPTCHA_WIDTH)} ${randomInt(CAPTCHA_HEIGHT)} ${randomInt(CAPTCHA_WIDTH)} ${randomInt(CAPTCHA_HEIGHT)}`;
  for (let i = 0; i < 3; i++) {
    parts.push(
      `<path d="${curve()}" stroke="${pick(colours)}" stroke-width="${1 + randomInt(2)}" fill="none" opacity="0.7"/>`,
    );
  }
  const step = (CAPTCHA_WIDTH - 16) / code.length;
  [...code].forEach((character, index) => {
    const size = 30 + jitter(4);
    const x = 8 + index * step + jitter(3);
    const y = 33 + jitter(4);
    const outline = font!.getPath(character, 0, 0, size).toPathData(2);
    const transform = `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${jitter(25).toFixed(1)}) skewX(${jitter(15).toFixed(1)})`;
    parts.push(`<path d="${outline}" fill="${pick(colours)}" transform="${transform}"/>`);
  });
  // Curves over the characters too, so they cannot be cut apart by colour alone.
  for (let i = 0; i < 2; i++) {
    parts.push(
      `<path d="${curve()}" stroke="${pick(colours)}" stroke-width="1.5" fill="none" opacity="0.8"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH * SCALE}" height="${CAPTCHA_HEIGHT * SCALE}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}"><rect width="100%" height="100%" fill="#f4f6f8"/>${parts.join('')}</svg>`;
}

/**
 * The captcha as a distorted raster image (PNG data URL): outlines turned,
 * skewed and crossed by curves, rasterised by sharp, then grained with
 * gaussian noise and softened. Nothing in the answer a markup reader could read;
 * its strength is not the main defence (the lock is, see LoginGuardService).
 */
export async function captchaPng(code: string): Promise<string> {
  const width = CAPTCHA_WIDTH * SCALE;
  const height = CAPTCHA_HEIGHT * SCALE;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const png = await sharp(Buffer.from(outlineSvg(code)))
    .composite([{ input: noise, blend: 'soft-light' }])
    .blur(0.7)
    .png({ palette: true, colours: 48, effort: 4 })
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export function randomCaptchaCode(length = 5): string {
  return Array.from({ length }, () => pick([...CAPTCHA_ALPHABET])).join('');
}
