/**
 * The stand-in cover of a release, in the site's style (dark ground, piano keys, red edge),
 * until the artist gives his own (`cover` in `content/releases/<name>.json`). Pure, so a unit
 * test can read what it draws.
 */

import { xmlText } from '../../src/lib/xml-text.ts';

/** What a generated cover shows. */
export interface CoverInput {
  title: string;
  kind: string;
  year: string;
  /** 0, 1, 2, ...: shifts the accent so covers side by side differ. */
  index: number;
}

/** The edge of the square cover, in pixels. */
export const COVER_SIZE = 800;

/** The accents stand-ins take in turn, so those side by side differ. */
export const ACCENTS = ['#e0283f', '#e07a28', '#c9a227', '#2f9e8f', '#4f7fd9', '#9b59d0'];

/** Breaks a title into lines of about `width` characters, at spaces. */
export function wrapTitle(title: string, width = 13): string[] {
  const lines: string[] = [];
  for (const word of title.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A title's lines in the stand-ins' bold serif, the first at (x, y), one every `lineHeight` below. */
export function titleText(lines: string[], x: number, y: number, fontSize: number, lineHeight: number): string {
  return lines
    .map(
      (line, at) =>
        `<text x="${String(x)}" y="${String(y + at * lineHeight)}" font-family="DejaVu Serif, Georgia, serif" font-size="${String(fontSize)}" font-weight="bold" fill="#f2f0ea">${xmlText(line)}</text>`,
    )
    .join('');
}

/** The stand-ins' strip of piano keys: eleven white keys across `width`, from `top` to `bottom`. */
export function pianoKeys(width: number, top: number, bottom: number): string {
  const key = width / 11;
  const height = bottom - top;
  const whiteKeys = Array.from(
    { length: 11 },
    (_, at) => `M${String((at + 1) * key)} ${String(top)}v${String(height)}`,
  );
  const blackKeys = [0, 1, 3, 4, 5, 7, 8, 10].map(
    (at) =>
      `<rect x="${String((at + 1) * key - key * 0.275)}" y="${String(top)}" width="${String(key * 0.55)}" height="${String(height * 0.58)}"/>`,
  );
  return `<rect x="0" y="${String(top)}" width="${String(width)}" height="${String(height)}" fill="#f2f0ea"/>
  <path d="${whiteKeys.join('')}" stroke="#0b0b0d" stroke-width="${String(key / 24)}"/>
  <g fill="#0b0b0d">${blackKeys.join('')}</g>`;
}

/** The cover as SVG source (sharp renders it to PNG). */
export function coverSvg({ title, kind, year, index }: CoverInput): string {
  const accent = ACCENTS[index % ACCENTS.length] ?? '#e0283f';
  const lines = wrapTitle(title);
  const fontSize = lines.length > 3 ? 72 : 88;
  const text = titleText(lines, 60, 150, fontSize, fontSize + 14);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${COVER_SIZE} ${COVER_SIZE}" width="${COVER_SIZE}" height="${COVER_SIZE}">
  <rect width="800" height="800" fill="#0b0b0d"/>
  <circle cx="640" cy="150" r="190" fill="${accent}" opacity="0.22"/>
  ${text}
  <rect x="60" y="${170 + lines.length * (fontSize + 14) - fontSize}" width="140" height="6" fill="${accent}"/>
  <text x="62" y="${230 + lines.length * (fontSize + 14) - fontSize}" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" fill="#b9b5ab">Same Bloods Cocktail · ${xmlText(kind)} · ${xmlText(year)}</text>
  ${pianoKeys(COVER_SIZE, 560, COVER_SIZE)}
  <rect x="0" y="552" width="800" height="10" fill="${accent}"/>
</svg>`;
}
