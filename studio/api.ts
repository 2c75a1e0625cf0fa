/** The studio page's calls to its API: JSON in and out, a refusal turned into its stable code. */
import type { StudioErrorCode } from '../src/lib/studio-auth.ts';

/**
 * A refusal of the studio's API, or 'offline' when the server could not be reached. `detail` is
 * the server's own sentence (English, as its log reads it): a part may read which field it names.
 */
export class StudioApiError extends Error {
  readonly code: StudioErrorCode | 'offline';
  readonly status: number;
  readonly detail: string;
  constructor(code: StudioErrorCode | 'offline', status: number, detail = '') {
    super(code);
    this.code = code;
    this.status = status;
    this.detail = detail;
  }
}

async function call<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'same-origin' });
  } catch {
    throw new StudioApiError('offline', 0);
  }
  const answer = (await response.json().catch(() => ({}))) as T & { code?: StudioErrorCode; message?: unknown };
  if (!response.ok) {
    const detail = typeof answer.message === 'string' ? answer.message : '';
    throw new StudioApiError(answer.code ?? 'SERVER_ERROR', response.status, detail);
  }
  return answer;
}

/** GETs `path`'s JSON. */
export const get = <T>(path: string): Promise<T> => call<T>(path, { headers: { accept: 'application/json' } });

/** POSTs `body` as JSON to `path` and resolves to its JSON answer. */
export const post = <T>(path: string, body: object = {}): Promise<T> =>
  call<T>(path, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** DELETEs `path` and resolves to its JSON answer. */
export const del = <T>(path: string): Promise<T> =>
  call<T>(path, { method: 'DELETE', headers: { accept: 'application/json' } });
