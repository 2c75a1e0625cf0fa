/**
 * What the studio offers to announce: the releases of `content/releases/`, each with the words
 * the studio fills in for it in every language (a subject naming it, its description, the
 * link to its page), and the check every announcement's words pass before they are stored.
 */
import { z } from 'zod';
import { releaseInstant } from '../../../src/lib/pre-release.ts';
import { LANGUAGES, type Lang } from '../../../src/lib/languages.ts';
import { ANNOUNCEMENT_MAX, type AnnounceableRelease, type AnnouncementDraft } from '../../../src/lib/studio-fans.ts';
import { NOT_ONE_LINE, NOT_PLAIN_TEXT, parseBody, textField, type BodyRefusal } from '../contact/contact-validation.ts';
import { readReleaseFiles, type ReleaseFile } from '../media/music-releases.ts';
import { coverFinder, type CoverFolders } from './mail-cover.ts';

const SUBJECT: Record<Lang, (title: string) => string> = {
  pt: (title) => `Música nova: ${title}`,
  en: (title) => `New music: ${title}`,
  es: (title) => `Música nueva: ${title}`,
};

const { subject: SUBJECT_MAX, text: TEXT_MAX, link: LINK_MAX } = ANNOUNCEMENT_MAX;

const momentOf = (file: ReleaseFile) => {
  const instant = releaseInstant(file.release.releaseAt);
  return instant === null ? null : new Date(instant).toISOString();
};

export async function announceableReleases(folders: CoverFolders): Promise<AnnounceableRelease[]> {
  const [files, coverOf] = await Promise.all([readReleaseFiles(folders.contentDir), coverFinder(folders)]);
  return files
    .map((file) => ({
      slug: file.slug,
      title: file.release.title,
      releaseAt: momentOf(file),
      hasCover: coverOf(file) !== null,
    }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** The release's file, or null when there is none the build would take. */
export async function releaseFile(contentDir: string, slug: string): Promise<ReleaseFile | null> {
  return (await readReleaseFiles(contentDir)).find((file) => file.slug === slug) ?? null;
}

/** The words the studio fills in for a release, each language's own, linking to its page on `siteOrigin`. */
export function releaseDraft({ slug, release }: ReleaseFile, siteOrigin: string): AnnouncementDraft {
  const draft = (lang: Lang) => ({
    subject: SUBJECT[lang](release.title),
    text: release.description[lang],
    link: `${siteOrigin}/${lang}/music/${encodeURIComponent(slug)}`,
  });
  return { pt: draft('pt'), en: draft('en'), es: draft('es') };
}

const languageTexts = z.strictObject({
  subject: textField('subject', SUBJECT_MAX, NOT_ONE_LINE, 'subject must be one line without control characters'),
  text: textField(
    'text',
    TEXT_MAX,
    NOT_PLAIN_TEXT,
    'text must be plain text: no control characters but tabs and line breaks',
  ),
  link: z.url({ protocol: /^https?$/, error: 'link must be an http(s) address' }).max(LINK_MAX),
});
const draftSchema = z.strictObject(
  Object.fromEntries(LANGUAGES.map((lang) => [lang, languageTexts])) as Record<Lang, typeof languageTexts>,
);

/** Checks an announcement's words in every language; the first problem is named with its place. */
export function validateDraft(texts: unknown): { ok: true; texts: AnnouncementDraft } | BodyRefusal {
  const result = parseBody(draftSchema, texts);
  return result.ok ? { ok: true, texts: result.data } : result;
}
