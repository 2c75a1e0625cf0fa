/**
 * The requests Decap CMS's `proxy` backend sends to `POST /studio/api/content`, as one zod
 * schema: a body that is not exactly one of them is refused before anything is read or written.
 * Only the simple publishing mode is served; the editorial workflow's actions are known (so
 * they get a clear answer) but never carried out.
 */
import { z } from 'zod';

/** The longest path the editor may name (content-relative, `/`-separated). */
const MAX_PATH_LENGTH = 300;
/** At most this many files in one request (an entry, its images, a batch delete). */
const MAX_FILES = 50;

const path = z.string().min(1).max(MAX_PATH_LENGTH);
const branch = z.string().min(1).max(100);
const options = z.object({ commitMessage: z.string().max(2000) });

const asset = z.strictObject({ path, content: z.string(), encoding: z.literal('base64') });
const dataFile = z.strictObject({
  slug: z.string().max(MAX_PATH_LENGTH),
  path,
  raw: z.string(),
  newPath: path.optional(),
});

/** The editorial workflow's actions: answered with "the workflow is off". */
export const WORKFLOW_ACTIONS = [
  'unpublishedEntries',
  'unpublishedEntry',
  'unpublishedEntryDataFile',
  'unpublishedEntryMediaFile',
  'deleteUnpublishedEntry',
  'updateUnpublishedEntryStatus',
  'publishUnpublishedEntry',
] as const;

// Decap sends the branch twice, beside the action and inside its parameters.
const request = <A extends string, P extends z.ZodType>(action: A, params: P) =>
  z.strictObject({ action: z.literal(action), branch: branch.optional(), lang: z.string().max(35).optional(), params });

const withBranch = <S extends z.ZodRawShape>(shape: S) => z.strictObject({ branch, ...shape });

export const contentRequestSchema = z.discriminatedUnion('action', [
  request('info', z.unknown().optional()),
  request('entriesByFolder', withBranch({ folder: path, extension: z.string().min(1).max(10), depth: z.number() })),
  request(
    'entriesByFiles',
    withBranch({ files: z.array(z.strictObject({ path, label: z.string().optional() })).max(MAX_FILES) }),
  ),
  request('getEntry', withBranch({ path })),
  request(
    'persistEntry',
    withBranch({
      cmsLabelPrefix: z.string().optional(),
      entry: dataFile.optional(),
      dataFiles: z.array(dataFile).min(1).max(MAX_FILES).optional(),
      assets: z.array(asset).max(MAX_FILES),
      options: z.object({
        collectionName: z.string().optional(),
        commitMessage: z.string().max(2000),
        useWorkflow: z.boolean(),
        status: z.string().optional(),
        hasSubfolders: z.boolean().optional(),
      }),
    }).refine((params) => (params.entry === undefined) !== (params.dataFiles === undefined), {
      error: 'exactly one of entry and dataFiles',
    }),
  ),
  request('getMedia', withBranch({ mediaFolder: path })),
  request('getMediaFile', withBranch({ path })),
  request('persistMedia', withBranch({ asset, options })),
  request('deleteFile', withBranch({ path, options })),
  request('deleteFiles', withBranch({ paths: z.array(path).min(1).max(MAX_FILES), options })),
  request('getDeployPreview', z.unknown().optional()),
  ...WORKFLOW_ACTIONS.map((action) => request(action, z.unknown().optional())),
]);

export type ContentRequest = z.infer<typeof contentRequestSchema>;
/** One data file of a `persistEntry`: the path it had, its new text, and its new path if renamed. */
export type DataFile = z.infer<typeof dataFile>;
/** A file sent as base64 (an image the artist uploaded). */
export type Asset = z.infer<typeof asset>;

/** `POST /studio/api/history/restore`'s body. */
export const restoreRequestSchema = z.strictObject({
  path,
  commit: z.string().regex(/^[0-9a-f]{7,40}$/),
  lang: z.string().max(35).optional(),
});
