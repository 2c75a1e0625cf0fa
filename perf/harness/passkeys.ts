/** A passkey authenticator for a page, through the DevTools protocol's WebAuthn domain. */
import type { CDPSession, Page } from 'playwright-core';

/**
 * Adds to `page` an authenticator built into the device, that verifies its user (a
 * fingerprint) and answers without a tap. Returns the CDP session and the authenticator's id.
 */
export async function addPasskeyAuthenticator(
  page: Page,
  session?: CDPSession,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = session ?? (await page.context().newCDPSession(page));
  if (!session) await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}
