/**
 * The current track's waveform path, fetched when the track changes (its peaks are a few KB,
 * made by the server after the track was added) and kept per URL for the page's life. Null
 * before the peaks arrive, when the track has none, or when they cannot be read: the progress
 * bar is then a plain bar.
 */
import { useEffect, useState } from 'react';
import { readPeaks, waveformPath } from '../lib/waveform.ts';

const drawn = new Map<string, string>();

export function useWaveform(peaksUrl: string | null | undefined): string | null {
  const [path, setPath] = useState<string | null>(() => (peaksUrl ? (drawn.get(peaksUrl) ?? null) : null));
  useEffect(() => {
    if (!peaksUrl) {
      setPath(null);
      return;
    }
    const known = drawn.get(peaksUrl);
    if (known) {
      setPath(known);
      return;
    }
    setPath(null);
    const request = new AbortController();
    fetch(peaksUrl, { signal: request.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((json: unknown) => {
        const peaks = readPeaks(json);
        if (!peaks) return;
        const shape = waveformPath(peaks);
        drawn.set(peaksUrl, shape);
        setPath(shape);
      })
      .catch(() => {
        // Aborted (the track changed) or unreachable: the plain bar stays.
      });
    return () => request.abort();
  }, [peaksUrl]);
  return path;
}
