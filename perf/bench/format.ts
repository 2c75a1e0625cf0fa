/** How the benchmark writes figures: bytes in SI units (as the budgets), times in ms or s. */
import { KB } from './budgets.ts';

/** `85.6 KB`, `2.84 MB`, `512 B`. */
export function bytes(value: number): string {
  if (value < KB) return `${Math.round(value)} B`;
  if (value < KB * KB) return `${(value / KB).toFixed(1)} KB`;
  return `${(value / (KB * KB)).toFixed(2)} MB`;
}

/** `280 ms`, `1.73 s`. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`;
}

/** `10,500`. */
export function count(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** `raw 260.3 KB · gzip 85.6 KB · br 74.7 KB`. */
export function sizes(value: { raw: number; gzip: number; brotli: number }): string {
  return `raw ${bytes(value.raw)} · gzip ${bytes(value.gzip)} · br ${bytes(value.brotli)}`;
}
