/**
 * A release's cover as an announcement's mails carry it: its own, else the stand-in the site
 * shows for it (`src/lib/cover-stand-ins.ts`); made small (600 px wide at most, a JPEG of some
 * tens of KB) by ffmpeg, once, when the announcement is created, and sent inside each mail
 * rather than linked, so that opening a mail asks nothing of any server.
 */
import { access, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DRAWN_COVERS_FOLDER, LOGO_COVER, standInCover } from '../../../src/lib/cover-stand-ins.ts';
import { runFfmpeg } from '../renditions/ffmpeg.ts';
import type { ReleaseFile } from '../media/music-releases.ts';

/** Where a release's cover images are: its own beside its file, the stand-ins in the project. */
export interface CoverFolders {
  /** CONTENT_DIR: a release's own `cover` is relative to its `releases/` folder. */
  contentDir: string;
  /** The project the site is built from, which holds the stand-ins. */
  projectDir: string;
}

/** Finds the image file of a release's cover: its own, else its stand-in; null when there is none. */
export type CoverFinder = (file: ReleaseFile) => string | null;

/**
 * A CoverFinder over `folders`. The stand-ins' folder is listed, and the logo looked for, once:
 * the list of releases asks for every release's cover.
 */
export async function coverFinder({ contentDir, projectDir }: CoverFolders): Promise<CoverFinder> {
  const drawn = new Set(await readdir(join(projectDir, DRAWN_COVERS_FOLDER)).catch(() => []));
  const logo = join(projectDir, LOGO_COVER);
  const hasLogo = await access(logo).then(
    () => true,
    () => false,
  );
  return ({ slug, release }) => {
    if (release.cover) return join(contentDir, 'releases', release.cover);
    const standIn = standInCover(slug, drawn);
    // A drawn stand-in is in the folder's listing; the logo may be missing.
    return standIn !== LOGO_COVER ? join(projectDir, standIn) : hasLogo ? logo : null;
  };
}

/** The widest a mail's cover is drawn, in CSS pixels; the image has that many pixels. */
export const MAIL_COVER_WIDTH = 600;

/** The release's cover made small for a mail, or null when it has none or ffmpeg cannot read it. */
export async function mailCover(
  folders: CoverFolders,
  file: ReleaseFile,
  ffmpegPath: string,
  onFailure: (reason: string) => void,
): Promise<Uint8Array | null> {
  const image = (await coverFinder(folders))(file);
  if (image === null) return null;
  const chunks: Buffer[] = [];
  try {
    await runFfmpeg(
      ffmpegPath,
      [
        '-i',
        image,
        '-vf',
        `scale='min(${MAIL_COVER_WIDTH},iw)':-2`,
        '-frames:v',
        '1',
        '-q:v',
        '4',
        '-f',
        'mjpeg',
        'pipe:1',
      ],
      { onStdout: (stdout: Readable) => stdout.on('data', (chunk: Buffer) => chunks.push(chunk)) },
    );
  } catch (error) {
    onFailure((error as Error).message);
    return null;
  }
  return Buffer.concat(chunks);
}
