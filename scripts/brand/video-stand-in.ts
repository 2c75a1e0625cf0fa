/**
 * The stand-in thumbnail of a video that has none of its own, in the style of the releases'
 * stand-in covers (dark ground, a circle of an accent, its title, piano keys) with a play sign.
 * The build draws it (src/pages/thumbs/), so a card never needs the video service's image.
 * Pure, so a unit test can read what it draws.
 */
import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from '../../src/lib/video-thumbnails.ts';
import { ACCENTS, pianoKeys, titleText, wrapTitle } from './cover.ts';

/** The title's lines at most; a longer title ends with an ellipsis (the card shows it whole). */
const MAX_LINES = 3;
const LINE_WIDTH = 18;

/** The title in at most MAX_LINES lines of about LINE_WIDTH characters. */
export function standInLines(title: string): string[] {
  const lines = wrapTitle(title, LINE_WIDTH);
  if (lines.length <= MAX_LINES) return lines;
  const last = (lines[MAX_LINES - 1] ?? '').slice(0, LINE_WIDTH - 1).trimEnd();
  return [...lines.slice(0, MAX_LINES - 1), `${last}…`];
}

/** A video's stand-in as SVG source (the build renders it to WebP); `index` picks its accent. */
export function videoStandInSvg(title: string, index: number): string {
  const accent = ACCENTS[index % ACCENTS.length] ?? '#e0283f';
  const lines = standInLines(title);
  const fontSize = lines.length > 2 ? 32 : 36;
  const lineHeight = fontSize + 8;
  const text = titleText(lines, 32, 72, fontSize, lineHeight);
  const ruleY = 72 + (lines.length - 1) * lineHeight + 24;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${THUMBNAIL_WIDTH} ${THUMBNAIL_HEIGHT}" width="${THUMBNAIL_WIDTH}" height="${THUMBNAIL_HEIGHT}">
  <rect width="${THUMBNAIL_WIDTH}" height="${THUMBNAIL_HEIGHT}" fill="#0b0b0d"/>
  <circle cx="410" cy="60" r="125" fill="${accent}" opacity="0.22"/>
  ${text}
  <rect x="32" y="${ruleY}" width="72" height="5" fill="${accent}"/>
  <circle cx="418" cy="212" r="30" fill="${accent}"/>
  <path d="M409 197v30l26-15z" fill="#f2f0ea"/>
  ${pianoKeys(THUMBNAIL_WIDTH, 270, THUMBNAIL_HEIGHT)}
  <rect x="0" y="265" width="${THUMBNAIL_WIDTH}" height="6" fill="${accent}"/>
</svg>`;
}
