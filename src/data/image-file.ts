import type { ImageMetadata } from 'astro';

/** The file behind an image the content imports (Astro keeps its path on it while building). */
export function imageFile(image: ImageMetadata, where: string): string {
  const path = (image as ImageMetadata & { fsPath?: string }).fsPath;
  if (!path) throw new Error(`${where}: the image file could not be found`);
  return path;
}
