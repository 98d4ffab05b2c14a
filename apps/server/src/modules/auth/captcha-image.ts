import { randomInt } from 'node:crypto';

/** 5x7 glyphs of the captcha's characters (digits without 0 and 1, which read as O and I). */
const glyphs: Record<string, string[]> = {
  '2': [' ### ', '#   #', '    #', '   # ', '  #  ', ' #   ', '#####'],
  '3': ['#####', '   # ', '  #  ', '   # ', '    #', '#   #', ' ### '],
  '4': ['   # ', '  ## ', ' # # ', '#  # ', '#####', '   # ', '   # '],
  '5': ['#####', '#    ', '#### ', '    #', '    #', '#   #', ' ### '],
  '6': ['  ## ', ' #   ', '#    ', '#### ', '#   #', '#   #', ' ### '],
  '7': ['#####', '    #', '   # ', '  #  ', ' #   ', ' #   ', ' #   '],
  '8': [' ### ', '#   #', '#   #', ' ### ', '#   #', '#   #', ' ### '],
  '9': [' ### ', '#   #', '#   #', ' ####', '    #', '   # ', ' ##  '],
};

export const CAPTCHA_ALPHABET = Object.keys(glyphs).join('');

const WIDTH = 132;
const HEIGHT = 44;
const colours = ['#1d3557', '#7b2cbf', '#005f73', '#9b2226', '#3a5a40', '#283618'];

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;
const jitter = (range: number) => (randomInt(2001) / 1000 - 1) * range;

/**
 * Draws the code as dots of a bitmap font, each character turned and moved a
 * little, over noise lines: the SVG carries no text a program could read out.
 */
export function captchaSvg(code: string): string {
  const parts: string[] = [];
  for (let i = 0; i < 6; i++) {
    parts.push(
      `<line x1="${randomInt(WIDTH)}" y1="${randomInt(HEIGHT)}" x2="${randomInt(WIDTH)}" y2="${randomInt(HEIGHT)}" stroke="${pick(colours)}" stroke-opacity="0.35" stroke-width="1.2"/>`,
    );
  }
  const cell = 3.6;
  [...code].forEach((character, index) => {
    const rows = glyphs[character] ?? [];
    const x = 10 + index * 23 + jitter(2);
    const y = 8 + jitter(3);
    const angle = jitter(16).toFixed(1);
    const fill = pick(colours);
    const dots: string[] = [];
    rows.forEach((row, r) =>
      [...row].forEach((on, c) => {
        if (on !== '#') return;
        const cx = (c * cell + jitter(0.5)).toFixed(1);
        const cy = (r * cell + jitter(0.5)).toFixed(1);
        dots.push(`<rect x="${cx}" y="${cy}" width="${cell}" height="${cell}" rx="0.8"/>`);
      }),
    );
    parts.push(
      `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle} 9 12)" fill="${fill}">${dots.join('')}</g>`,
    );
  });
  for (let i = 0; i < 30; i++) {
    parts.push(
      `<circle cx="${randomInt(WIDTH)}" cy="${randomInt(HEIGHT)}" r="0.9" fill="${pick(colours)}" fill-opacity="0.5"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="#f4f6f8"/>${parts.join('')}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

export function randomCaptchaCode(length = 5): string {
  return Array.from({ length }, () => pick([...CAPTCHA_ALPHABET])).join('');
}
