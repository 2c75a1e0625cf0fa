/**
 * The content folder's Git history, through Debian's `git` (spawned with an argument list,
 * never a shell): a commit per save, authored by the person signed in, holding only the paths
 * saved (other changes in the tree stay as they are), and a file's past versions.
 */
import { spawn } from 'node:child_process';
import type { StudioPerson } from '../studio/studio-person.ts';

/** One commit of a file's history. */
export interface FileCommit {
  commit: string;
  author: string;
  /** ISO 8601, the author's date. */
  date: string;
  message: string;
}

/** The domain of the studio's author addresses: reserved, so none can ever receive mail. */
const AUTHOR_DOMAIN = 'studio.invalid';
/** Who commits: the studio itself, on behalf of the author. */
const COMMITTER = { name: 'Estúdio', email: `studio@${AUTHOR_DOMAIN}` };
/** The most commits a history lists. */
const HISTORY_LIMIT = 100;

interface GitResult {
  code: number;
  stdout: Buffer;
}

/** Runs git in `cwd`; paths are taken literally (a name like `:(glob)*` is a name, not a pattern). */
function git(cwd: string, args: string[], env: Record<string, string> = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? cwd,
        LANG: 'C',
        GIT_LITERAL_PATHSPECS: '1',
        GIT_TERMINAL_PROMPT: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout: Buffer.concat(chunks) }));
  });
}

async function gitOk(cwd: string, args: string[], env?: Record<string, string>): Promise<Buffer> {
  const result = await git(cwd, args, env);
  if (result.code !== 0) throw new Error(`git ${args[0] ?? ''} failed (${String(result.code)})`);
  return result.stdout;
}

/** True when the content folder is inside a Git work tree (and git is installed). */
export async function isGitWorkTree(contentDir: string): Promise<boolean> {
  const result = await git(contentDir, ['rev-parse', '--is-inside-work-tree']).catch(() => null);
  return result?.code === 0 && result.stdout.toString().trim() === 'true';
}

/** The author line of a person: their name without what Git refuses, and an address that reaches no one. */
export function authorOf(person: StudioPerson): { name: string; email: string } {
  const name = person.name.replace(/[<>\p{Cc}\p{Zl}\p{Zp}]/gu, '').trim() || `Studio ${String(person.id)}`;
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return { name, email: `${slug || 'person'}-${String(person.id)}@${AUTHOR_DOMAIN}` };
}

/**
 * Commits exactly `paths` (content-relative; written, or deleted) as `person`, with `message`;
 * nothing when they hold no change. Other changes in the tree, staged or not, stay out.
 */
export async function commitPaths(
  contentDir: string,
  paths: string[],
  person: StudioPerson,
  message: string,
): Promise<string | null> {
  const status = await gitOk(contentDir, ['status', '--porcelain', '--', ...paths]);
  if (status.length === 0) return null;
  await gitOk(contentDir, ['add', '--all', '--', ...paths]);
  const author = authorOf(person);
  await gitOk(
    contentDir,
    ['-c', 'commit.gpgsign=false', 'commit', '--quiet', '--no-verify', '--only', '-m', message, '--', ...paths],
    {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_COMMITTER_NAME: COMMITTER.name,
      GIT_COMMITTER_EMAIL: COMMITTER.email,
    },
  );
  return (await gitOk(contentDir, ['rev-parse', 'HEAD'])).toString().trim();
}

const FIELD = '\x1f';
const RECORD = '\x1e';

/** The commits that changed a file, newest first (renames not followed: a file's name is its address). */
export async function fileHistory(contentDir: string, path: string): Promise<FileCommit[]> {
  const result = await git(contentDir, [
    'log',
    `--max-count=${String(HISTORY_LIMIT)}`,
    `--format=%H${FIELD}%an${FIELD}%aI${FIELD}%s${RECORD}`,
    '--',
    path,
  ]);
  // A repository without a commit yet has no history.
  if (result.code !== 0) return [];
  return result.stdout
    .toString()
    .split(RECORD)
    .map((record) => record.trim())
    .filter(Boolean)
    .map((record) => {
      const [commit = '', author = '', date = '', message = ''] = record.split(FIELD);
      return { commit, author, date, message };
    });
}

/** The file as `commit` holds it, or null when it does not (deleted there, or no such commit). */
export async function fileAtCommit(contentDir: string, path: string, commit: string): Promise<Buffer | null> {
  // `./` makes the path relative to the content folder, wherever the repository's root is.
  const result = await git(contentDir, ['show', `${commit}:./${path}`]).catch(() => null);
  return result?.code === 0 ? result.stdout : null;
}
