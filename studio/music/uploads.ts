/**
 * Uploading masters into a playlist with tus-js-client: chunks of UPLOAD_CHUNK_BYTES, retried
 * after a dropped connection, and resumed where the server stands even after a reload (the
 * file, chosen again for the same playlist, is recognised by its fingerprint). Each file gets
 * a progress bar with its label, and the server's reason when it is refused.
 */
import { Upload, type DetailedError } from 'tus-js-client';
import { STUDIO_ERROR_CODES, type StudioErrorCode } from '../../src/lib/studio-auth.ts';
import { MUSIC_ROUTES, UPLOAD_CHUNK_BYTES } from '../../src/lib/studio-music.ts';
import { fill, type StudioTexts } from '../texts.ts';
import { h } from '../dom.ts';
import type { MusicTexts } from './texts.ts';
import { requestTokenHeaders } from '../request-token.ts';

/** Waits between tries after a failed request: quick at first, then up to a minute. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];

export interface UploadContext {
  texts: MusicTexts;
  studioTexts: StudioTexts;
  say: (text: string, kind?: 'info' | 'error') => void;
  maxBytes: number;
  /** Told when a file is in its playlist. */
  onDone: () => void;
}

let uploads = 0;

/** The code of the server's refusal, if the answer carried one. */
function refusalCode(error: Error): StudioErrorCode | null {
  const body = 'originalResponse' in error ? (error as DetailedError).originalResponse?.getBody() : null;
  if (!body) return null;
  try {
    const code = (JSON.parse(body) as { code?: unknown }).code;
    return STUDIO_ERROR_CODES.find((known) => known === code) ?? null;
  } catch {
    return null;
  }
}

/** Retries what a retry can mend: no answer, a busy or failing server; never a refusal or a full disk. */
function shouldRetry(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return status === 0 || status === 409 || status === 423 || (status >= 500 && status !== 507);
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1_000_000).toLocaleString()} MB`;

/** Sends `file` into `playlist`, drawing its progress as an item of `list`. */
export function sendFile(file: File, playlist: string, list: HTMLElement, context: UploadContext): void {
  const { texts } = context;
  const id = `upload-${(uploads += 1)}`;
  const label = h('label', { for: id }, fill(texts.uploading, { name: file.name, percent: '0' }));
  const progress = h('progress', { id, max: '100', value: '0' });
  const note = h('p', { class: 'upload-note' });
  const item = h('li', { class: 'upload' }, label, progress, note);
  list.append(item);

  const fail = (reason: string) => {
    item.dataset['state'] = 'failed';
    progress.remove();
    label.textContent = file.name;
    note.textContent = fill(texts.uploadFailed, { name: file.name, reason });
    context.say(note.textContent, 'error');
  };
  if (file.size > context.maxBytes) {
    fail(fill(texts.tooLarge, { size: megabytes(context.maxBytes) }));
    return;
  }

  const upload = new Upload(file, {
    endpoint: MUSIC_ROUTES.uploads,
    headers: requestTokenHeaders(),
    chunkSize: UPLOAD_CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    metadata: { playlist, filename: file.name },
    // The same file chosen again for the same playlist resumes its upload, not another one's.
    fingerprint: async (chosen: File) =>
      ['studio-music', playlist, chosen.name, chosen.size, chosen.lastModified].join('/'),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onShouldRetry: (error) => {
      const retry = shouldRetry(error);
      if (retry) note.textContent = fill(texts.resuming, { name: file.name });
      return retry;
    },
    onProgress: (sent, total) => {
      const percent = total > 0 ? Math.floor((sent / total) * 100) : 100;
      progress.value = percent;
      label.textContent = fill(texts.uploading, { name: file.name, percent: String(percent) });
    },
    onChunkComplete: () => {
      note.textContent = '';
    },
    onSuccess: () => {
      item.dataset['state'] = 'done';
      progress.value = 100;
      label.textContent = file.name;
      note.textContent = fill(texts.uploaded, { name: file.name });
      context.say(note.textContent);
      context.onDone();
    },
    onError: (error) => {
      const code = refusalCode(error);
      fail(code ? context.studioTexts.errors[code] : texts.uploadOffline);
    },
  });
  context.say(label.textContent);
  void upload.findPreviousUploads().then((previous) => {
    const [last] = previous;
    if (last) upload.resumeFromPreviousUpload(last);
    upload.start();
  });
}
