/**
 * The contact messages' store and its delivery worker, opened together. When the data folder
 * cannot be used (no permission to write, read-only disk, a file in the way), the server still
 * starts: pages and music keep working, the contact route answers 503, and each later message
 * tries to open the store again, so contact comes back by itself once the folder is usable.
 */
import { openMessageStore, type MessageStore } from './message-store.ts';
import type { Outbox } from './outbox.ts';

export interface OpenInbox {
  store: MessageStore;
  outbox: Outbox;
}

export interface Inbox {
  /** The store and its outbox, opening them now if they are not open yet; null while the folder is unusable. */
  open(): OpenInbox | null;
  /** Stops the outbox after the delivery in progress, then closes the database. */
  close(): Promise<void>;
}

export interface InboxOptions {
  dataDir: string;
  /** Auto-replies an hour to everyone together (see `openMessageStore`). */
  autoRepliesPerHour: number;
  /** Starts the delivery worker over a freshly opened store. */
  startOutbox: (store: MessageStore) => Outbox;
  log: {
    info: (object: object, message: string) => void;
    error: (object: object, message: string) => void;
  };
}

/** Opens the inbox now if it can, and otherwise on a later `open()`. */
export function openInbox(options: InboxOptions): Inbox {
  let opened: OpenInbox | null = null;
  let lastFailure: string | null = null;
  let closed = false;

  function open(): OpenInbox | null {
    if (opened || closed) return opened;
    try {
      const store = openMessageStore(options.dataDir, { autoRepliesPerHour: options.autoRepliesPerHour });
      opened = { store, outbox: options.startOutbox(store) };
      if (lastFailure !== null) options.log.info({ dataDir: options.dataDir }, 'contact messages database opened');
      lastFailure = null;
    } catch (error) {
      const reason = (error as Error).message;
      // Once per distinct reason: a flood of messages must not flood the log too.
      if (reason !== lastFailure) {
        options.log.error(
          { dataDir: options.dataDir, reason },
          'cannot open the contact messages database: contact answers 503 until DATA_DIR is writable',
        );
      }
      lastFailure = reason;
    }
    return opened;
  }

  open();
  return {
    open,
    async close() {
      closed = true;
      if (!opened) return;
      await opened.outbox.close();
      opened.store.close();
    },
  };
}
