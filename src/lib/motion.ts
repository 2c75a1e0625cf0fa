import { MODAL_FADE_MS, REDUCED_MOTION_QUERY } from './constants.ts';

/** True when the visitor asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia(REDUCED_MOTION_QUERY).matches;
}

/** `smooth`, or `auto` (instant) under prefers-reduced-motion. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}

/** The modal fade-out: 500 ms, or none under prefers-reduced-motion. */
export function modalFadeMs(): number {
  return prefersReducedMotion() ? 0 : MODAL_FADE_MS;
}
