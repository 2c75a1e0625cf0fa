/** What the player counts of a track: its start, 30 seconds heard (seeks skipped), its end, once each. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listeningCounter } from '../../../src/lib/listening.ts';
import { countingAllowed } from '../../../src/lib/numbers.ts';
import type { PageEvent } from '../../../src/lib/numbers-events.ts';

const TRACK = { playlist: 'Cocktail Nº1', file: '01 - Intro.mp3' };

function counter() {
  const events: PageEvent[] = [];
  const listening = listeningCounter((event) => events.push(event));
  const types = () => events.map((event) => event.type);
  return { listening, types, events };
}

/** `timeupdate`s every quarter second from `from` to `to` seconds. */
function play(listening: ReturnType<typeof listeningCounter>, from: number, to: number) {
  for (let time = from; time <= to; time += 0.25) listening.time(time);
}

describe('the listening counter', () => {
  it('counts a start once, 30 seconds heard once, and the end', () => {
    const { listening, types, events } = counter();
    listening.load(TRACK);
    listening.playing();
    play(listening, 0, 20);
    // A pause and a resume are not a second start.
    listening.playing();
    play(listening, 20, 45);
    listening.ended();
    expect(types()).toEqual(['play', 'play30', 'end']);
    expect(events[0]).toEqual({ type: 'play', ...TRACK });
  });

  it('does not count a seek as listening', () => {
    const { listening, types } = counter();
    listening.load(TRACK);
    listening.playing();
    play(listening, 0, 5);
    play(listening, 200, 210);
    expect(types()).toEqual(['play']);
  });

  it('counts nothing before the audio plays, or without a track', () => {
    const { listening, types } = counter();
    listening.load(TRACK);
    play(listening, 0, 40);
    listening.ended();
    listening.load(null);
    listening.playing();
    listening.ended();
    expect(types()).toEqual([]);
  });

  it('starts over with each track loaded, also the same one again', () => {
    const { listening, types } = counter();
    for (let round = 0; round < 2; round += 1) {
      listening.load(TRACK);
      listening.playing();
      listening.ended();
    }
    expect(types()).toEqual(['play', 'end', 'play', 'end']);
  });

  it('never counts more than one of each per load, whatever the audio reports', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant('playing'), fc.double({ min: -10, max: 1000, noNaN: true })), { maxLength: 300 }),
        (steps) => {
          const { listening, types } = counter();
          listening.load(TRACK);
          for (const step of steps) {
            if (step === 'playing') listening.playing();
            else listening.time(step);
          }
          expect(types().filter((type) => type === 'play').length).toBeLessThanOrEqual(1);
          expect(types().filter((type) => type === 'play30').length).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('counting allowed', () => {
  it('sends nothing when the browser asks not to be tracked', () => {
    expect(countingAllowed({})).toBe(true);
    expect(countingAllowed({ globalPrivacyControl: false, doNotTrack: '0' })).toBe(true);
    expect(countingAllowed({ globalPrivacyControl: true })).toBe(false);
    expect(countingAllowed({ doNotTrack: '1' })).toBe(false);
  });
});
