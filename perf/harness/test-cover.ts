/** A stand-in for an artist's cover, for the tests and the benchmark: ffmpeg's test pattern as a JPEG. */
import { execFileSync } from 'node:child_process';

/** Writes a JPEG of `size` by `size` pixels to `file` (Debian's ffmpeg). */
export function writeTestCover(file: string, size: number): void {
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=${size}x${size}`, '-frames:v', '1', file]);
}
