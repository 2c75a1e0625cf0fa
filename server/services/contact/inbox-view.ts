/**
 * A stored message as the studio's inbox shows it: its two mails' delivery in the words the
 * studio translates. The reasons of failures stay out (they may name mail servers); the
 * export carries them.
 */
import type { ArtistDelivery, InboxMessage, ReplyDelivery } from '../../../src/lib/studio-messages.ts';
import type { StoredMessage } from './message-store.ts';

function artistDelivery(message: StoredMessage): ArtistDelivery {
  switch (message.artistStatus) {
    case 'sent':
      return message.artistDigest ? 'in-digest' : 'mailed';
    case 'pending':
      return message.attempts > 0 ? 'retrying' : 'sending';
    default:
      return message.artistStatus;
  }
}

function replyDelivery(message: StoredMessage): ReplyDelivery {
  if (message.replyStatus !== 'pending') return message.replyStatus;
  // The attempts count the message's deliveries: they are the auto-reply's own only once the
  // artist's mail is done.
  const artistDone = message.artistStatus === 'sent' || message.artistStatus === 'failed';
  return artistDone && message.attempts > 0 ? 'retrying' : 'pending';
}

/** The inbox's view of a stored message. */
export function inboxMessage(message: StoredMessage): InboxMessage {
  const artist = artistDelivery(message);
  const reply = replyDelivery(message);
  const waiting = artist === 'held' || artist === 'retrying' || reply === 'retrying';
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    message: message.message,
    lang: message.lang,
    createdAt: message.createdAt,
    readAt: message.readAt,
    handledAt: message.handledAt,
    artist: { state: artist, deliveredAt: message.deliveredAt },
    reply: { state: reply, skipped: reply === 'skipped' ? (message.replySkipReason ?? 'unknown') : null },
    attempts: message.attempts,
    nextAttemptAt: waiting ? new Date(message.nextAttemptAt).toISOString() : null,
  };
}
