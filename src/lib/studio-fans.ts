/**
 * The studio's view of the fans' list, as its API answers and its page asks: the counts per
 * language, the joins and leaves of recent weeks, every fan, erasing one, the exports, and an
 * import of addresses that each get a confirmation mail.
 */
import type { Lang } from './languages.ts';
import { STUDIO_API_PREFIX } from './studio-auth.ts';
import { studioListRoutes } from './studio-lists.ts';

export const FANS_ROUTES = {
  ...studioListRoutes('fans'),
  import: `${STUDIO_API_PREFIX}fans/import`,
  announcements: `${STUDIO_API_PREFIX}fans/announcements`,
  announcement: (id: number) => `${STUDIO_API_PREFIX}fans/announcements/${id}`,
  draft: `${STUDIO_API_PREFIX}fans/announcements/draft`,
  preview: `${STUDIO_API_PREFIX}fans/announcements/preview`,
  test: `${STUDIO_API_PREFIX}fans/announcements/test`,
  /** A release's cover as its announcement's mails carry it (a JPEG), for the preview. */
  cover: (release: string) => `${STUDIO_API_PREFIX}fans/announcements/cover/${encodeURIComponent(release)}`,
} as const;

/** The weeks the chart of joins and leaves shows, the current one last. */
export const FAN_WEEKS_SHOWN = 12;

/** The largest import the studio takes at once, in characters of CSV: some ten thousand addresses. */
export const FAN_IMPORT_MAX_CHARS = 512 * 1024;

/** A fan's place on the list: waiting for the confirmation, confirmed, or refused by their mail server. */
export type FanState = 'waiting' | 'confirmed' | 'refused';

export interface StudioFan {
  id: number;
  email: string;
  lang: Lang;
  state: FanState;
  /** ISO 8601, UTC. */
  signedUpAt: string;
  confirmedAt: string | null;
}

/** `GET FANS_ROUTES.list`. */
export interface FansOverview {
  counts: { waiting: number; confirmed: Record<Lang, number>; refused: number };
  /** The last FAN_WEEKS_SHOWN weeks, the oldest first; `week` is its Monday (UTC), YYYY-MM-DD. */
  weeks: { week: string; joins: number; leaves: number }[];
  /** Every fan, the newest first. */
  fans: StudioFan[];
}

/** `POST FANS_ROUTES.import` with `{ csv, lang }`: `lang` is for rows without a language column. */
export interface FanImportRequest {
  csv: string;
  lang: Lang;
}

export interface FanImportAnswer {
  /** Addresses that get a confirmation mail. */
  queued: number;
  /** Already on the list, waiting, refused by their server, or asked less than a day ago. */
  known: number;
  /** Addresses that left the list before: their choice stands, no mail. */
  left: number;
  /** Lines that hold no valid address, with their number in the file (1 is the first). */
  invalid: { line: number; reason: string }[];
}

/** The longest an announcement's subject, text and link may be, in characters. */
export const ANNOUNCEMENT_MAX = { subject: 200, text: 5000, link: 500 } as const;

/** An announcement's words in one language: the mail's subject, its text, and the page it links to. */
export interface AnnouncementTexts {
  subject: string;
  text: string;
  link: string;
}

/** An announcement in each language; each fan gets theirs. */
export type AnnouncementDraft = Record<Lang, AnnouncementTexts>;

/** An announcement's progress: `waiting` mails are still queued. */
export interface AnnouncementProgress {
  total: number;
  sent: number;
  refused: number;
  failed: number;
  waiting: number;
}

export type AnnouncementState = 'scheduled' | 'sending' | 'sent' | 'cancelled';

/** An announcement as the studio lists it. */
export interface StudioAnnouncement extends AnnouncementProgress {
  id: number;
  /** The release's file name, or null for a free announcement. */
  release: string | null;
  texts: AnnouncementDraft;
  /** Whether its mails show the release's cover. */
  hasCover: boolean;
  state: AnnouncementState;
  /** When it goes out (ISO 8601, UTC); with `afterRelease`, once the site serves the release as out. */
  sendAt: string;
  afterRelease: boolean;
  createdAt: string;
  finishedAt: string | null;
}

/** A release the studio can announce: its file's name, title, and moment (null when dated by month or day). */
export interface AnnounceableRelease {
  slug: string;
  title: string;
  releaseAt: string | null;
  /** Whether its file names a cover, which its announcement's mails then carry. */
  hasCover: boolean;
}

/** `GET FANS_ROUTES.announcements`. */
export interface AnnouncementsOverview {
  announcements: StudioAnnouncement[];
  releases: AnnounceableRelease[];
}

/** `POST FANS_ROUTES.draft` with `{ release }` answers the release's `AnnouncementDraft`. */
export interface DraftRequest {
  release: string;
}

/** `POST FANS_ROUTES.preview` with `{ texts }`: each language's mail as its fans will read it. */
export type AnnouncementPreview = Record<Lang, { subject: string; text: string }>;

/** `POST FANS_ROUTES.test`: the three languages mailed to the artist (MAIL_TO), with the release's cover if one is named. */
export interface TestRequest {
  texts: AnnouncementDraft;
  release?: string | null;
}

/** What `POST FANS_ROUTES.test` answers. */
export interface TestSent {
  languages: Lang[];
}

/**
 * `POST FANS_ROUTES.announcements`: `now`, or at the release's moment (`release` then names one
 * with a moment), once the site serves it as out. Answers the new `StudioAnnouncement` (201).
 */
export interface NewAnnouncementRequest {
  release: string | null;
  texts: AnnouncementDraft;
  when: 'now' | 'release';
}
