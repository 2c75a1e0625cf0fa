/**
 * What a save of the studio's editor will write, each file checked on its own before anything is
 * written: data files against their schema, images re-encoded, every path within the content
 * folder. A file that fails refuses the whole save, naming the fields at fault.
 */
import type { Lang } from '../../../src/lib/languages.ts';
import type { PlannedFile } from './check-across.ts';
import { checkDataFile, type Issue } from './check-file.ts';
import { contentPath, safeImageName, type ContentPath } from './content-paths.ts';
import { prepareImage, sameExtension } from './images.ts';
import { MESSAGES } from './messages.ts';
import type { Asset } from './protocol.ts';

/** A request the store refuses: its status, the message for the editor, and the fields at fault. */
export class Refusal extends Error {
  readonly status: number;
  readonly issues: Issue[];

  constructor(status: number, message: string, issues: Issue[] = []) {
    super(message);
    this.status = status;
    this.issues = issues;
  }
}

/** A planned write or delete, with what the commit message says of it. */
export interface Planned extends PlannedFile {
  path: string;
  bytes: Uint8Array | string | null;
}

/** A refusal naming every field at fault, each as `file › field: reason`. */
export function refusal(issues: Issue[], status = 422): Refusal {
  const lines = issues.map(({ file, field, message }) => `${file}${field ? ` › ${field}` : ''}: ${message}`);
  return new Refusal(status, lines.join('\n'), issues);
}

export interface SavePlans {
  /** What kind of content file a path is; refuses a path outside the content the editor may touch. */
  classify: (path: string, lang: Lang) => ContentPath;
  /** A data file's new text, checked; its planned write. */
  plannedData: (path: string, raw: string, lang: Lang) => Promise<Planned>;
  /** An uploaded image, checked and re-encoded; `rename` gives it a safe name where its own is not. */
  plannedImage: (asset: Asset, lang: Lang, rename: boolean) => Promise<Planned>;
}

/** The plans of saves whose images go to `mediaFolder` and weigh at most `maxImageBytes`. */
export function savePlans(mediaFolder: string, maxImageBytes: number): SavePlans {
  function classify(path: string, lang: Lang): ContentPath {
    const found = contentPath(path, mediaFolder);
    if (!found) throw refusal([{ file: path, field: '', message: MESSAGES.badPath[lang] }], 400);
    return found;
  }

  async function plannedData(path: string, raw: string, lang: Lang): Promise<Planned> {
    const { kind } = classify(path, lang);
    if (kind === 'image') throw refusal([{ file: path, field: '', message: MESSAGES.badPath[lang] }], 400);
    const checked = await checkDataFile(kind, path, raw, lang);
    if (!checked.ok) throw refusal(checked.issues);
    return { path, kind, data: checked.data, deleted: false, bytes: checked.text };
  }

  async function plannedImage(asset: Asset, lang: Lang, rename: boolean): Promise<Planned> {
    const bytes = Buffer.from(asset.content, 'base64');
    const image = await prepareImage(bytes, maxImageBytes);
    if (!image.ok)
      throw refusal(
        [{ file: asset.path, field: '', message: MESSAGES[image.reason][lang] }],
        image.reason === 'tooLarge' ? 413 : 422,
      );
    let path = asset.path;
    if (rename && (!contentPath(path, mediaFolder) || !sameExtension(path, image.extension)))
      path = `${mediaFolder}/${safeImageName(path.split('/').pop() ?? '', image.extension)}`;
    classify(path, lang);
    if (!sameExtension(path, image.extension))
      throw refusal([{ file: path, field: '', message: MESSAGES.wrongExtension[lang] }]);
    return { path, kind: 'image', data: null, deleted: false, bytes: image.bytes };
  }

  return { classify, plannedData, plannedImage };
}
