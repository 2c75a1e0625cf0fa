/**
 * The counts the public pages send to the server, as the pages, the server and the studio all
 * name them: the one endpoint, the event types and their fields, and the limits of a request.
 * Nothing here identifies a visitor: an event says what happened, never who did it.
 */

/** Where the pages send their events. */
export const EVENTS_PATH = '/api/events';

/** What is counted: a page shown, a track started, played 30 s, played to its end, a platform button clicked. */
export const COUNTED_EVENTS = ['view', 'play', 'play30', 'end', 'click'] as const;
export type CountedEvent = (typeof COUNTED_EVENTS)[number];

/** The Web Vitals measured on each page. */
export const VITALS = ['LCP', 'INP', 'CLS'] as const;
export type Vital = (typeof VITALS)[number];

/** Seconds of a track heard before it counts as played (as the streaming services count one). */
export const PLAYED_SECONDS = 30;

/** At most this many events in one request; the pages send fewer. */
export const MAX_EVENTS_PER_REQUEST = 20;
/** The largest request body the endpoint reads, in bytes. */
export const MAX_EVENTS_BODY_BYTES = 4096;

/** The `from` of a click on the streaming landing page (a release's click names its slug). */
export const LANDING = 'landing';

/** One event as the pages send it (a request's body is a JSON array of them). */
export type PageEvent =
  | { type: 'view'; path: string; lang: string }
  | { type: 'play' | 'play30' | 'end'; playlist: string; file: string }
  | { type: 'click'; from: string; platform: string }
  | { type: 'vital'; path: string; metric: Vital; value: number };
