/** Which files of a build are worth sending compressed: the build writes copies of these only. */
const COMPRESSIBLE = /\.(html|css|js|mjs|json|xml|txt|svg|webmanifest|wasm)$/;
/** Below this, compression saves less than the headers cost. */
const MIN_BYTES = 512;

/** A file of a type that compresses (text, WebAssembly), whatever its size. */
export const hasCompressibleType = (name: string): boolean => COMPRESSIBLE.test(name);

export const isCompressible = (name: string, bytes: number): boolean => hasCompressibleType(name) && bytes >= MIN_BYTES;
