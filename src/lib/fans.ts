/**
 * The mailing list of fans: the sign-up API path and the visitor pages the mails
 * and the server's redirects point at. Shared by the pages, the browser scripts and the
 * server, so it imports only the languages.
 */
import { LANGUAGES, type Lang } from './languages.ts';

/** Where the sign-up form posts: JSON from the enhanced form, urlencoded without JavaScript. */
export const SUBSCRIBE_API = '/api/subscribe';

/** The last path segment of each fan page, under `/{lang}/fans/`. */
export const FAN_PAGES = {
  confirm: 'confirm',
  confirmed: 'confirmed',
  leave: 'leave',
  expired: 'expired',
  left: 'left',
  checkMail: 'check-your-mail',
} as const;

/** A fan page's name, as `fanPagePath` takes it. */
export type FanPage = keyof typeof FAN_PAGES;

/** The query parameter carrying the token of a confirm or leave link: `/{lang}/fans/confirm?t=TOKEN`. */
export const FAN_TOKEN_PARAM = 't';

/** The path of a fan page in a language: `/en/fans/check-your-mail`. */
export function fanPagePath(lang: Lang, page: FanPage): string {
  return `/${lang}/fans/${FAN_PAGES[page]}`;
}

/** How long a confirmation link works, in days; the expired page says so. */
export const FAN_LINK_VALID_DAYS = 7;

const FAN_PATH = new RegExp(`^/(?:${LANGUAGES.join('|')})/fans(?:/|$)`);

/** True for a path under a language's `/fans/` (`/pt/fans/confirm`): the pages a mail's link, token and all, opens. */
export function isFanPagePath(pathname: string): boolean {
  return FAN_PATH.test(pathname);
}

/**
 * A URL as it may be reported elsewhere (analytics): a fan page's without its query, which
 * holds the token of a mail's link; any other URL as it is.
 */
export function withoutFanToken(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!isFanPagePath(parsed.pathname)) return url;
  parsed.search = '';
  parsed.hash = '';
  return parsed.href;
}
