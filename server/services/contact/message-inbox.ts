/**
 * The contact messages' store and its delivery worker, opened together. A store that cannot be
 * opened leaves pages and music working and the contact route answering 503, until a later
 * message finds it usable again.
 */
import type { Log } from '../log.ts';
import type { MessageStore } from './message-store.ts';
import type { Outbox } from './outbox.ts';

export interface OpenInbox {
  store: MessageStore;
  outbox: Outbox;
}

export interface Inbox {
  /** The store and its outbox, opening them now if they are not open yet; null while they cannot be. */
  open(): Promise<OpenInbox | null>;
  /** Stops the outbox after the delivery in progress, then closes the store. */
  close(): Promise<void>;
}

export interface InboxOptions {
  /** Opens the store (rejecting when it cannot). */
  openStore: () => Promise<MessageStore>;
  /** Where the messages are, for the log. */
  where: string;
  /**
   * A store that cannot be opened at start stops the start (a database server: a wrong URL is a
   * configuration error), else it is retried on each later message (a folder that is not
   * writable yet).
   */
  requiredAtStart: boolean;
  /** Starts the delivery worker over a freshly opened store. */
  startOutbox: (store: MessageStore) => Outbox;
  log: Pick<Log, 'info' | 'error'>;
}

/** Opens the inbox now if it can, and otherwise on a later `open()`. */
export async function openInbox(options: InboxOptions): Promise<Inbox> {
  let opened: OpenInbox | null = null;
  let opening: Promise<OpenInbox | null> | null = null;
  let lastFailure: string | null = null;
  let closed = false;

  async function tryOpen(): Promise<OpenInbox | null> {
    try {
      const store = await options.openStore();
      if (closed) {
        await store.close();
        return null;
      }
      opened = { store, outbox: options.startOutbox(store) };
      if (lastFailure !== null) options.log.info({ where: options.where }, 'contact messages store opened');
      lastFailure = null;
    } catch (error) {
      const reason = (error as Error).message;
      // Once per distinct reason: a flood of messages must not flood the log too.
      if (reason !== lastFailure) {
        options.log.error(
          { where: options.where, reason },
          'cannot open the contact messages store: contact answers 503 until it can',
        );
      }
      lastFailure = reason;
    }
    return opened;
  }

  function open(): Promise<OpenInbox | null> {
    if (opened || closed) return Promise.resolve(opened);
    // Requests arriving together share one attempt.
    opening ??= tryOpen().finally(() => {
      opening = null;
    });
    return opening;
  }

  if (options.requiredAtStart) {
    const store = await options.openStore();
    opened = { store, outbox: options.startOutbox(store) };
  } else {
    await open();
  }

  return {
    open,
    async close() {
      closed = true;
      await opening;
      if (!opened) return;
      await opened.outbox.close();
      await opened.store.close();
    },
  };
}
