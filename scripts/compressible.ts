/** Which files of a build are worth sending compressed: the build writes copies of these only. */
const COMPRESSIBLE = /\.(html|css|js|mjs|json|xml|txt|svg|webmanifest|wasm)$/;
/** Below this, compression saves less than the headers cost. */
const MIN_BYTES = 512;

export const isCompressible = (name: string, bytes: number): boolean => COMPRESSIBLE.test(name) && bytes >= MIN_BYTES;
