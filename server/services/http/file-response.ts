/**
 * Answers a request for an opened file: its validators and conditional headers, and one byte
 * range that If-Range keeps only while the file is exactly the one the client has.
 */
import type { Stats } from 'node:fs';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseRange } from './byte-ranges.ts';
import { entityTagsIn, ifNoneMatchMatches } from './entity-tags.ts';
import type { OpenedFile } from './open-inside.ts';

/** Size and modification time: what nginx uses too, and strong enough for byte ranges. */
const etagOf = (stats: Stats) => `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;

/** HTTP dates are to the second. */
const seconds = (stats: Stats) => Math.floor(stats.mtimeMs / 1000);
const dateSeconds = (value: string | undefined) => {
  const time = value ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? null : Math.floor(time / 1000);
};

const headerOf = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** The status a precondition decides (412, 304), or null to go on. */
function preconditionStatus(request: FastifyRequest, etag: string, stats: Stats): 304 | 412 | null {
  const ifMatch = headerOf(request, 'if-match');
  if (ifMatch !== undefined) {
    if (ifMatch.trim() !== '*' && !entityTagsIn(ifMatch).includes(etag)) return 412;
  } else {
    const since = dateSeconds(headerOf(request, 'if-unmodified-since'));
    if (since !== null && seconds(stats) > since) return 412;
  }
  const ifNoneMatch = headerOf(request, 'if-none-match');
  if (ifNoneMatch !== undefined) return ifNoneMatchMatches(ifNoneMatch, etag) ? 304 : null;
  const since = dateSeconds(headerOf(request, 'if-modified-since'));
  return since !== null && seconds(stats) <= since ? 304 : null;
}

/**
 * If-Range names the file the client holds part of: the range stands only if that is exactly
 * this file (the same strong ETag, or exactly its date); a weak tag never matches.
 */
function rangeStillApplies(ifRange: string | undefined, etag: string, stats: Stats): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  return dateSeconds(value) === seconds(stats);
}

/**
 * Sends `file` (which this call now owns and closes) as `type`. The body streams from the
 * already opened handle, so what was checked is what is sent.
 */
export async function sendOpenedFile(
  request: FastifyRequest,
  reply: FastifyReply,
  { handle, stats }: OpenedFile,
  type: string,
): Promise<FastifyReply> {
  const etag = etagOf(stats);
  reply.header('ETag', etag).header('Last-Modified', stats.mtime.toUTCString()).header('Accept-Ranges', 'bytes');
  const precondition = preconditionStatus(request, etag, stats);
  if (precondition !== null) {
    await handle.close();
    return reply.code(precondition).send();
  }
  const range = rangeStillApplies(headerOf(request, 'if-range'), etag, stats)
    ? parseRange(headerOf(request, 'range'), stats.size)
    : ({ kind: 'whole' } as const);
  if (range.kind === 'unsatisfiable') {
    await handle.close();
    return reply.code(416).header('Content-Range', `bytes */${stats.size}`).send();
  }
  const { start, end } = range.kind === 'part' ? range : { start: 0, end: stats.size - 1 };
  if (range.kind === 'part') reply.code(206).header('Content-Range', `bytes ${start}-${end}/${stats.size}`);
  reply.header('Content-Type', type).header('Content-Length', end - start + 1);
  if (end < start || request.method === 'HEAD') {
    await handle.close();
    // An empty stream, not an empty string: Fastify would count a string's length for HEAD,
    // and would read a file stream to its end only to throw it away.
    return reply.send(Readable.from([]));
  }
  return reply.send(handle.createReadStream({ start, end }));
}
