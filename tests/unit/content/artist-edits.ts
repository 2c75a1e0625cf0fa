/**
 * Edits the artist makes without a developer, applied to a copy of content/: another Facebook
 * page (his link changed, or added where he has none), a fourth poem, a 21st video and a seventh release with neither a cover nor a drawn
 * stand-in. The values are test fixtures, not the artist's.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The added release's file name, the address of its page. */
export const ADDED_RELEASE = 'a-new-single';
/** The added video's id (eleven letters, digits, - or _). */
export const ADDED_VIDEO = 'AbCdEfGhIjK';
export const ADDED_POEM = 'um-poema-novo';
export const NEW_FACEBOOK = 'https://www.facebook.com/a-new-page';
/** Titles a stranger's text could look like: markup, which the pages must show as text. */
export const MARKUP_TITLES = {
  video: 'A new video <img src=x onerror=alert(1)> & "quotes"',
  poem: 'Um Poema <script>alert(1)</script>',
};

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const writeJson = (path: string, value: unknown) => writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);

/** Applies every edit to the content folder `dir`, in place. */
export function applyArtistEdits(dir: string): void {
  const site = readJson(join(dir, 'site.json')) as { socials: { icon: string; label: string; href: string }[] };
  const facebook = site.socials.find((social) => social.icon === 'facebook');
  if (facebook) facebook.href = NEW_FACEBOOK;
  else site.socials.push({ icon: 'facebook', label: 'Facebook', href: NEW_FACEBOOK });
  writeJson(join(dir, 'site.json'), site);

  const videos = readJson(join(dir, 'videos.json')) as { videos: unknown[] };
  videos.videos.push({ id: ADDED_VIDEO, title: MARKUP_TITLES.video });
  writeJson(join(dir, 'videos.json'), videos);

  const poems = readdirSync(join(dir, 'poems')).filter((name) => name.endsWith('.md'));
  writeFileSync(
    join(dir, 'poems', `${ADDED_POEM}.md`),
    `---\ntitle: '${MARKUP_TITLES.poem}'\ndate: '05/08/2024'\n---\n\nPrimeiro verso\nsegundo verso (poema ${String(poems.length + 1)})\n`,
  );

  writeJson(join(dir, 'releases', `${ADDED_RELEASE}.json`), {
    title: 'A New Single',
    kind: 'Single',
    // Today: newer than the singles on disk, so the singles key presents this one whatever the
    // artist has added since, and not a release still to come.
    released: new Date().toISOString().slice(0, 10),
    playlist: 'Singles',
    description: { pt: 'Um single novo.', en: 'A new single.', es: 'Un sencillo nuevo.' },
  });
}
