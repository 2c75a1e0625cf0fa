/**
 * The title face, Limelight (SIL OFL, from @fontsource/limelight), loads once the first paint is
 * on screen. Until it has come, and on a page that runs no script, headings show
 * 'Limelight Fallback' (global.css): a local serif scaled to Limelight's width and line metrics,
 * so the swap moves nothing. Fetched before that paint, the face shared the phone's first round
 * trips with the HTML, and the largest paint (the artist's name on the home pages) waited for it.
 */
import faceUrl from '@fontsource/limelight/files/limelight-latin-400-normal.woff2?url';

/** Fontsource's Latin subset, which covers pt and es; other characters keep the fallback. */
const LATIN_RANGE =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, ' +
  'U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';

/** Adds the face to the document and fetches it; a face that cannot come leaves the fallback. */
export function loadTitleFace(): void {
  const face = new FontFace('Limelight', `url(${faceUrl}) format('woff2')`, {
    display: 'swap',
    unicodeRange: LATIN_RANGE,
  });
  document.fonts.add(face);
  face.load().catch(() => undefined);
}
