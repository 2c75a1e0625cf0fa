/**
 * The Range header of a request for a file, read strictly by its grammar
 * (`bytes=first-last`, `bytes=first-`, `bytes=-suffix`, comma-separated): a header that does
 * not follow it is ignored and the whole file sent, as HTTP requires; positions are plain
 * decimal digits, so `0x10` or `1e3` make the header invalid rather than a number.
 */

/** What to send: the whole file, a 416, or the bytes from `start` to `end` inclusive. */
export type RangeAnswer = { kind: 'whole' } | { kind: 'unsatisfiable' } | { kind: 'part'; start: number; end: number };

const WHOLE: RangeAnswer = { kind: 'whole' };
const INT_RANGE = /^(\d+)-(\d*)$/;
const SUFFIX_RANGE = /^-(\d+)$/;

interface Span {
  start: bigint;
  end: bigint;
}

/** One range-spec as the bytes it asks for (null: none of them exist; undefined: not a range-spec). */
function spanOf(spec: string, size: bigint): Span | null | undefined {
  const suffix = SUFFIX_RANGE.exec(spec);
  if (suffix?.[1] !== undefined) {
    // A suffix longer than the file asks for all of it.
    const length = BigInt(suffix[1]);
    return length === 0n || size === 0n ? null : { start: length >= size ? 0n : size - length, end: size - 1n };
  }
  const range = INT_RANGE.exec(spec);
  if (range?.[1] === undefined) return undefined;
  const first = BigInt(range[1]);
  const last = range[2] ? BigInt(range[2]) : size - 1n;
  if (range[2] && last < first) return undefined;
  if (first >= size) return null;
  return { start: first, end: last < size ? last : size - 1n };
}

/**
 * Reads a Range header against a file of `size` bytes. Several ranges are answered as one when
 * they touch or overlap, else with the whole file (no multipart answers).
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  const set = /^bytes=(.*)$/i.exec(header ?? '')?.[1];
  if (set === undefined) return WHOLE;
  const specs = set
    .split(',')
    .map((spec) => spec.replace(/^[ \t]+|[ \t]+$/g, ''))
    .filter((spec) => spec !== '');
  if (specs.length === 0) return WHOLE;
  const spans: Span[] = [];
  for (const spec of specs) {
    const span = spanOf(spec, BigInt(size));
    if (span === undefined) return WHOLE;
    if (span) spans.push(span);
  }
  if (spans.length === 0) return { kind: 'unsatisfiable' };
  spans.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const [first, ...rest] = spans as [Span, ...Span[]];
  let end = first.end;
  for (const span of rest) {
    if (span.start > end + 1n) return WHOLE;
    if (span.end > end) end = span.end;
  }
  return { kind: 'part', start: Number(first.start), end: Number(end) };
}
