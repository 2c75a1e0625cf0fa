/**
 * A passkey's answer to an authentication challenge, checked once for both uses: signing in,
 * and a signed-in person proving it is still them before changing their passkeys (a step-up).
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { verifiedAuthentication, type RelyingParty } from './passkeys.ts';
import type { StoredPasskey, StoredPerson, StudioStore } from './studio-store.ts';

/**
 * The passkey and its person when `response` is that passkey's signature of `challenge`, its
 * use then recorded; else null: a passkey unknown or since removed, one signed for another
 * person's handle, a bad signature, or a counter that did not grow.
 */
export async function provenPasskey(
  store: StudioStore,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
): Promise<{ passkey: StoredPasskey; person: StoredPerson } | null> {
  const found = await store.passkey(response.id);
  const handle = response.response.userHandle;
  if (!found || (handle !== undefined && handle !== found.person.userHandle)) return null;
  const counter = await verifiedAuthentication(rp, response, challenge, found.passkey);
  if (counter === null) return null;
  await store.usePasskey(found.passkey.id, counter);
  return found;
}
