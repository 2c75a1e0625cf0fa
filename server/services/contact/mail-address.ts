/**
 * Mail addresses as mailboxes: many spellings of an address reach one inbox (case,
 * `+tags`, and at Gmail the dots), so a rule about "an address" is a rule about its mailbox,
 * or typing `victim+1@…`, `victim+2@…` beats it.
 */

/** Domains that ignore dots in the local part, and the one they are all known as. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);
const DOTLESS_CANONICAL = 'gmail.com';

/** The mailbox an address delivers to: lower-case, without a `+tag`, and at Gmail without dots. */
export function mailboxKey(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = DOTLESS_CANONICAL;
  }
  return `${local}@${domain}`;
}

/** Every address in a header value such as `Site <no-reply@example.com>` or `a@x.org, b@y.org`. */
export function addressesIn(header: string): string[] {
  return header.match(/[^\s<>,;"]+@[^\s<>,;"]+/g) ?? [];
}
