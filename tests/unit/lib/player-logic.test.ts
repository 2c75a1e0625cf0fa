import { describe, expect, it } from 'vitest';
import {
  clampVolume,
  displayTitle,
  formatTime,
  nextIndex,
  previousIndex,
  progressPercent,
  seekTime,
} from '../../../src/lib/player-logic.ts';
import { fill } from '../../../src/lib/template.ts';

describe('track order', () => {
  it('next is (index + 1) mod count', () => {
    expect([0, 1, 2].map((index) => nextIndex(index, 3))).toEqual([1, 2, 0]);
    expect(nextIndex(0, 1)).toBe(0);
  });
  it('previous is (index - 1 + count) mod count', () => {
    expect([0, 1, 2].map((index) => previousIndex(index, 3))).toEqual([2, 0, 1]);
  });
  it('stays at 0 on an empty list', () => {
    expect(nextIndex(0, 0)).toBe(0);
    expect(previousIndex(0, 0)).toBe(0);
  });
});

describe('clampVolume', () => {
  it('keeps the volume within 0 and 1 on the 0.1 grid', () => {
    expect(clampVolume(0.5 + 0.1)).toBe(0.6);
    expect(clampVolume(0.1 + 0.2)).toBe(0.3);
    expect(clampVolume(1.1)).toBe(1);
    expect(clampVolume(-0.1)).toBe(0);
  });
});

describe('displayTitle', () => {
  it.each([
    ['01-Title', 'Title'],
    ['12 - Long Title', 'Long Title'],
    ['Title-With-Dashes', 'Title-With-Dashes'],
    ['2023 Song', '2023 Song'],
    ['Song 01-02', 'Song 01-02'],
  ])('%s is shown as %s', (title, shown) => {
    expect(displayTitle(title)).toBe(shown);
  });
});

describe('progress and seeking', () => {
  it('is the percent of the duration, 0 while it is unknown', () => {
    expect(progressPercent(30, 120)).toBe(25);
    expect(progressPercent(5, Number.NaN)).toBe(0);
    expect(progressPercent(5, 0)).toBe(0);
    expect(progressPercent(200, 100)).toBe(100);
  });
  it('seeks to the clicked proportion', () => {
    expect(seekTime(0.25, 200)).toBe(50);
    expect(seekTime(1.5, 200)).toBe(200);
    expect(seekTime(-1, 200)).toBe(0);
    expect(seekTime(0.5, Number.POSITIVE_INFINITY)).toBe(0);
  });
  it('formats times as m:ss', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65.9)).toBe('1:05');
    expect(formatTime(Number.NaN)).toBe('0:00');
  });
});

describe('fill', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(fill('Loading playlist: {{name}}', { name: 'TTMM' })).toBe('Loading playlist: TTMM');
    expect(fill('{{ a }} and {{b}}', { a: '1' })).toBe('1 and {{b}}');
  });
});
