/**
 * The master a play event counts: the player names a track by its master's file, but a page
 * built before it did sends the name (or URL) of the rendition it streamed. Such a name is
 * mapped back to its master, so plays are counted by track whichever file was heard.
 */
import type { MediaLibrary, Track } from '../media/media-library.ts';
import type { Renditions } from '../renditions/renditions.ts';
import { RENDITIONS_FOLDER } from '../media/track-urls.ts';

/** `…/renditions/<hash>/<file>`: a rendition's URL or path, its hash naming the master. */
const RENDITION_PATH = new RegExp(`(?:^|/)${RENDITIONS_FOLDER}/([0-9a-f]+)/([^/?#]+)(?:[?#].*)?$`);

/**
 * The file of the master `file` names in `playlist`: itself when the playlist has it, else the
 * one track of the playlist with a rendition of that name (and hash, when a URL gives it). A
 * rendition name that several tracks share (the same gain) names none: nothing is guessed.
 */
export function countedTrackFile(
  library: Pick<MediaLibrary, 'track' | 'tracks'>,
  renditions: Pick<Renditions, 'of'>,
  playlist: string,
  file: string,
): string | null {
  if (library.track(playlist, file)) return file;
  const path = RENDITION_PATH.exec(file);
  const hash = path?.[1] ?? null;
  let name = path?.[2] ?? file;
  try {
    name = decodeURIComponent(name);
  } catch {
    return null;
  }
  const matches = (track: Track) => {
    const made = renditions.of(track);
    return (hash === null || made.hash === hash) && made.renditions.some((rendition) => rendition.file === name);
  };
  const found = library.tracks(playlist).filter(matches);
  return found.length === 1 ? (found[0] as Track).file : null;
}
