/**
 * The studio's inbox of contact messages (behind the studio's session and Origin checks): the
 * list, newest first, in pages, with the unread count; marking a message read or handled;
 * deleting it for good; queuing the mails given up again; and exporting them all as JSON or
 * CSV, as `npm run messages` does.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  INBOX_PAGE_SIZE,
  INBOX_ROUTES,
  type InboxChange,
  type InboxChanged,
  type InboxPage,
  type InboxRetried,
} from '../../src/lib/studio-messages.ts';
import { inboxMessage } from '../services/contact/inbox-view.ts';
import type { Inbox, OpenInbox } from '../services/contact/message-inbox.ts';
import { messagesCsv, messagesJson } from '../services/contact/message-export.ts';
import type { MessageStore } from '../services/contact/message-store.ts';
import { availableOr, ID_PARAMS, refuse, ROW_ID } from '../services/studio/studio-http.ts';
import '../services/studio/studio-person.ts';

export interface StudioMessagesOptions {
  inbox: Inbox;
}

/** The exports: every message, downloaded as a file named by the format and the day. */
const EXPORTS = [
  { path: INBOX_ROUTES.exportJson, extension: 'json', type: 'application/json; charset=utf-8', write: messagesJson },
  { path: INBOX_ROUTES.exportCsv, extension: 'csv', type: 'text/csv; charset=utf-8', write: messagesCsv },
] as const;

const studioMessagesRoutes: FastifyPluginAsync<StudioMessagesOptions> = async (app, { inbox }) => {
  /** The store and its outbox, or null with a 503 answered when they cannot be opened now. */
  async function openOr(reply: FastifyReply): Promise<OpenInbox | null> {
    return availableOr(reply, await inbox.open(), 'The messages');
  }
  const storeOr = async (reply: FastifyReply): Promise<MessageStore | null> => (await openOr(reply))?.store ?? null;

  app.get<{ Querystring: { before?: number } }>(
    INBOX_ROUTES.list,
    {
      schema: {
        querystring: { type: 'object', properties: { before: ROW_ID } },
      },
    },
    async (request, reply) => {
      const store = await storeOr(reply);
      if (!store) return reply;
      const [found, unread, failed] = await Promise.all([
        store.list({ limit: INBOX_PAGE_SIZE + 1, ...(request.query.before && { beforeId: request.query.before }) }),
        store.unreadCount(),
        store.failedCount(),
      ]);
      const messages = found.slice(0, INBOX_PAGE_SIZE).map(inboxMessage);
      const page: InboxPage = {
        unread,
        failed,
        messages,
        next: found.length > INBOX_PAGE_SIZE ? (messages.at(-1)?.id ?? null) : null,
      };
      return reply.send(page);
    },
  );

  app.post<{ Params: { id: number }; Body: InboxChange }>(
    `${INBOX_ROUTES.list}/:id`,
    {
      schema: {
        params: ID_PARAMS,
        body: {
          type: 'object',
          properties: { read: { type: 'boolean' }, handled: { type: 'boolean' } },
          additionalProperties: false,
          minProperties: 1,
        },
      },
    },
    async (request, reply) => {
      const store = await storeOr(reply);
      if (!store) return reply;
      const { id } = request.params;
      const { read, handled } = request.body;
      const found =
        (read === undefined || (await store.markRead(id, read))) &&
        (handled === undefined || (await store.markHandled(id, handled)));
      const message = found ? await store.get(id) : undefined;
      if (!message) return refuse(reply, 404, 'NOT_FOUND', 'There is no such message.');
      const changed: InboxChanged = { message: inboxMessage(message), unread: await store.unreadCount() };
      return reply.send(changed);
    },
  );

  app.delete<{ Params: { id: number } }>(
    `${INBOX_ROUTES.list}/:id`,
    { schema: { params: ID_PARAMS } },
    async (request, reply) => {
      const store = await storeOr(reply);
      if (!store) return reply;
      if (!(await store.remove(request.params.id))) {
        return refuse(reply, 404, 'NOT_FOUND', 'There is no such message.');
      }
      request.log.info({ person: request.studioPerson?.id, messageId: request.params.id }, 'message deleted');
      const changed: InboxChanged = { message: null, unread: await store.unreadCount() };
      return reply.send(changed);
    },
  );

  app.post(INBOX_ROUTES.retry, async (request, reply) => {
    const opened = await openOr(reply);
    if (!opened) return reply;
    const retried: InboxRetried = { retried: await opened.store.retryFailed() };
    request.log.info({ person: request.studioPerson?.id, ...retried }, 'failed mails queued again');
    opened.outbox.notify();
    return reply.send(retried);
  });

  for (const { path, extension, type, write } of EXPORTS) {
    app.get(path, async (_request, reply) => {
      const store = await storeOr(reply);
      if (!store) return reply;
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type(type)
        .header('content-disposition', `attachment; filename="messages-${day}.${extension}"`)
        .send(write(await store.list()));
    });
  }
};

export default studioMessagesRoutes;
