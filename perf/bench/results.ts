/** The shape of perf/results/results.json: every measurement, or why it could not be made. */
import type { AudioResult } from './audio.ts';
import type { PageBundles } from './bundles.ts';
import type { LighthouseOutcome } from './lighthouse.ts';
import type { StudioResult } from './studio.ts';
import type { ContactLoadResult, LoadResult } from './load.ts';
import type { Machine } from './machine.ts';
import type { PlaybackResult } from './playback.ts';
import type { ProxyResult } from './proxy.ts';

import type { Outcome } from '../harness/progress.ts';

export type { Outcome };

export interface BenchResults {
  date: string;
  machine: Machine;
  options: { quick: boolean; build: boolean };
  /** Seconds each phase took. */
  durations: Record<string, number>;
  lighthouse: LighthouseOutcome;
  /** The same pages through the reference nginx over TLS and HTTP/2 (lighthouse-deployed.ts). */
  lighthouseDeployed: LighthouseOutcome;
  bundles: Outcome<PageBundles[]>;
  graphql: Outcome<LoadResult>;
  staticHtml: Outcome<LoadResult>;
  contact: Outcome<ContactLoadResult>;
  /** The same load behind the reference nginx (skipped, saying why, when nginx is missing). */
  proxy: Outcome<ProxyResult>;
  playback: Outcome<PlaybackResult>;
  /** From the master to the listener: bytes, render time, slow-network start, loudness. */
  audio: Outcome<AudioResult>;
  /** The artist's studio, apart from the public budgets: its bytes, a save to the published page. */
  studio: Outcome<StudioResult>;
}
