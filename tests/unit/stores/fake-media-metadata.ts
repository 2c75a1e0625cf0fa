/**
 * Node has no `MediaMetadata`: this stand-in keeps what the player gave it, as `init`, for a test
 * to read back from the session's `metadata`. Undo with `vi.unstubAllGlobals()`.
 */
import { vi } from 'vitest';

export function stubMediaMetadata(): void {
  vi.stubGlobal(
    'MediaMetadata',
    class {
      readonly init: MediaMetadataInit;
      constructor(init: MediaMetadataInit) {
        this.init = init;
      }
    },
  );
}

/** What the player last described to the lock screen. */
export const describedTo = (session: MediaSession): MediaMetadataInit | undefined =>
  (session.metadata as unknown as { init: MediaMetadataInit } | null)?.init;
