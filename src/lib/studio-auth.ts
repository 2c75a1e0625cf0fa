/**
 * What the studio's sign-in page and the server agree on: the auth routes' paths, the error
 * codes the page translates, and where an invitation's token travels (the URL's fragment,
 * which never reaches a server log or a Referer).
 */

/**
 * The cookie that tells the server the studio's language (the artist's choice, else the
 * browser's), so its refusals speak it too: the editor's requests carry no language of their own.
 */
export const STUDIO_LANG_COOKIE = 'studio_lang';

/** The studio's API, every route of which answers JSON and needs a session unless listed public below. */
export const STUDIO_API_PREFIX = '/studio/api/';

const AUTH_PREFIX = `${STUDIO_API_PREFIX}auth/`;

/** The auth routes, by what they do. */
export const STUDIO_AUTH_ROUTES = {
  invitationOptions: `${AUTH_PREFIX}invitation/options`,
  invitationVerify: `${AUTH_PREFIX}invitation/verify`,
  signInOptions: `${AUTH_PREFIX}sign-in/options`,
  signInVerify: `${AUTH_PREFIX}sign-in/verify`,
  session: `${AUTH_PREFIX}session`,
  stepUpOptions: `${AUTH_PREFIX}step-up/options`,
  stepUpVerify: `${AUTH_PREFIX}step-up/verify`,
  passkeyOptions: `${AUTH_PREFIX}passkeys/options`,
  passkeyVerify: `${AUTH_PREFIX}passkeys/verify`,
  /** DELETE removes the passkey `:id`; POST `…/name` names it. */
  passkey: `${AUTH_PREFIX}passkeys/:id`,
  passkeyName: `${AUTH_PREFIX}passkeys/:id/name`,
  signOut: `${AUTH_PREFIX}sign-out`,
  signOutEverywhere: `${AUTH_PREFIX}sign-out-everywhere`,
  /** Removes every passkey but the one the step-up proved, and signs out everywhere. */
  keepOnlyProvedPasskey: `${AUTH_PREFIX}passkeys/keep-only-proved`,
} as const;

/** A route of STUDIO_AUTH_ROUTES with its `:id` filled. */
export const passkeyRoute = (route: string, id: string): string => route.replace(':id', encodeURIComponent(id));

/** The longest name a person gives a passkey. */
export const PASSKEY_NAME_MAX = 60;

/** The routes that answer without a session: signing in, and registering from an invitation. */
export const PUBLIC_STUDIO_ROUTES: readonly string[] = [
  STUDIO_AUTH_ROUTES.invitationOptions,
  STUDIO_AUTH_ROUTES.invitationVerify,
  STUDIO_AUTH_ROUTES.signInOptions,
  STUDIO_AUTH_ROUTES.signInVerify,
];

/**
 * The studio's proof that a request comes from its own page, not from another page of the same
 * origin: a secret derived from the session, which the page gets only in its HTML, written for
 * a browser navigating to it, and sends with every call to its API. No answer of the API holds
 * it, so a page of the public site, even one running a stranger's script that signs in, never
 * reads it.
 */
export const STUDIO_REQUEST_TOKEN = {
  /** The request header the studio's calls carry it in. */
  header: 'x-studio-token',
  /** The query parameter of the calls that cannot set a header (EventSource, a download link). */
  param: 'studio_token',
  /** The meta element of the studio's page that holds it. */
  meta: 'studio-token',
} as const;

/** The fragment key of an invitation link: `/studio/#invitation=<token>`. */
export const INVITATION_FRAGMENT_KEY = 'invitation';

/** The stable `code` of every refusal of the studio's API, which the studio translates. */
export const STUDIO_ERROR_CODES = [
  'SESSION_REQUIRED',
  'ORIGIN_REFUSED',
  'STUDIO_TOKEN_REQUIRED',
  'RATE_LIMITED',
  'INVALID_REQUEST',
  'INVITATION_INVALID',
  'CHALLENGE_EXPIRED',
  'PASSKEY_REJECTED',
  'STEP_UP_REQUIRED',
  'LAST_PASSKEY',
  'NOT_FOUND',
  'STUDIO_UNAVAILABLE',
  'SERVER_ERROR',
  'UPLOAD_NOT_AUDIO',
  'UPLOAD_EMPTY',
  'UPLOAD_TOO_LARGE',
  'DISK_FULL',
  'ALREADY_EXISTS',
] as const;
export type StudioErrorCode = (typeof STUDIO_ERROR_CODES)[number];

/** A signed-in person's passkey as the session route lists it. */
export interface PasskeySummary {
  id: string;
  /** The name its person gave it, or null: the studio then names it by its date. */
  name: string | null;
  /** Whether this session was signed in with it. */
  current: boolean;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601, or null before its first sign-in. */
  lastUsedAt: string | null;
}

/** The session route's answer. */
export interface StudioSessionAnswer {
  person: { name: string };
  passkeys: PasskeySummary[];
}

/**
 * The studio's parts, each a page of its own under `/studio`: the content editor at `/studio/`,
 * the others at `/studio/<part>`. The server answers each path with the studio's page.
 */
export const STUDIO_SECTIONS = ['content', 'music', 'messages', 'fans', 'numbers'] as const;
export type StudioSection = (typeof STUDIO_SECTIONS)[number];

/**
 * Each part's module, as the studio's build names its source (studio/section.ts imports each):
 * the server asks the browser to fetch it with the page of a signed-in artist.
 */
export const STUDIO_SECTION_SOURCES: Readonly<Record<StudioSection, string>> = {
  content: 'editor/start.ts',
  music: 'music/start.ts',
  messages: 'messages/start.ts',
  fans: 'fans/start.ts',
  numbers: 'numbers/start.ts',
};

/** A part's address. */
export const studioSectionPath = (section: StudioSection): string =>
  section === 'content' ? '/studio/' : `/studio/${section}`;

/** The part an address shows, or null when it is none of them. */
export function studioSectionAt(pathname: string): StudioSection | null {
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed === '/studio') return 'content';
  return STUDIO_SECTIONS.find((section) => section !== 'content' && trimmed === `/studio/${section}`) ?? null;
}
