/** A stand-in for an artist's cover, for the tests and the benchmark: ffmpeg's test pattern. */
import { execFileSync } from 'node:child_process';

/** Writes an image of `size` by `size` pixels to `file`, in the format its extension names (Debian's ffmpeg). */
export function writeTestCover(file: string, size: number): void {
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=${size}x${size}`, '-frames:v', '1', file]);
}
