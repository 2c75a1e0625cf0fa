/** The audio formats the library serves, by file extension, with their content types. */
export const AUDIO_TYPES: Readonly<Record<string, string>> = {
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg; codecs=opus',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.flac': 'audio/flac',
  '.wav': 'audio/wav',
};

/** The lower-case extension of a file name, dot included ('' when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** True for a visible file of a supported audio format. */
export function isAudioFile(name: string): boolean {
  const base = name.split('/').pop() ?? name;
  return !base.startsWith('.') && extensionOf(base) in AUDIO_TYPES;
}
