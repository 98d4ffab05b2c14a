import {
  MESSAGE_PATHS,
  SSE_HEARTBEAT_MS,
  SYSTEM_PATHS,
  recordParamsSchema,
  messageRecipientPageSchema,
  messageRecipientQuerySchema,
  sentMessagePageSchema,
  sentMessageQuerySchema,
  withdrawResultSchema,
  envelopeSchema,
  messagePageRequestSchema,
  messageSchema,
  ok,
  pageSchema,
  recipientOptionsSchema,
  recipientUserPageSchema,
  recipientUsersQuerySchema,
  sendMessageRequestSchema,
  sendMessageResultSchema,
  sseStreamQuerySchema,
  sseTicketSchema,
  unreadCountSchema,
  updateReadQuerySchema,
} from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.js';
import { productBase } from '../../lib/product-base.js';
import { authOf } from '../../plugins/auth.js';
import { policy, routeInput } from '../access/policy-targets.js';
import type { Services } from '../../services.js';
import { limitedBy } from '../../plugins/request-limits.js';

const tags = ['messages'];

/** A message being sent, as the policy weighs it. */
const newMessage = policy('message.send', async (request) => ({
  id: null,
  title: routeInput<unknown, { title: string }>(request).body.title,
}));

const notificationRoutes: FastifyPluginAsyncZod<{
  services: Services;
  config: Pick<AppConfig, 'publicUrl'>;
  heartbeatMs?: number;
}> = async (app, { services, config, heartbeatMs = SSE_HEARTBEAT_MS }) => {
  const notifications = services.notifications;
  const openStreams = new Set<() => void>();

  await notifications.hub.start();
  // Streams never end by themselves: close them so shutdown does not wait for them.
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });
  app.addHook('onClose', async () => notifications.hub.stop());

  app.post(
    MESSAGE_PATHS.page,
    {
      config: {
        access: 'signed-in',
        audit: { none: 'reads a page of messages (the spec sends it as POST)' },
      },
      schema: {
        tags,
        summary: "A page of the caller's messages (the bell sends boolRead=false)",
        body: messagePageRequestSchema,
        response: { 200: envelopeSchema(pageSchema(messageSchema)) },
      },
    },
    async (request) => ok(await notifications.page(authOf(request), request.body)),
  );

  app.get(
    MESSAGE_PATHS.updateRead,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Marks one of the caller’s messages read; answers the new unread count',
        querystring: updateReadQuerySchema,
        response: { 200: envelopeSchema(unreadCountSchema) },
      },
    },
    async (request) => ok(await notifications.markRead(authOf(request), request.query.id)),
  );

  app.get(
    MESSAGE_PATHS.upAllMsg,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Marks all of the caller’s messages read',
        response: { 200: envelopeSchema(unreadCountSchema) },
      },
    },
    async (request) => ok(await notifications.markAllRead(authOf(request))),
  );

  app.post(
    MESSAGE_PATHS.send,
    {
      config: {
        access: { permission: 'system:message:send' },
        audit: 'message.send',
        policy: newMessage,
      },
      schema: {
        tags,
        summary: 'Administrators: sends a message to users, roles or everyone',
        body: sendMessageRequestSchema,
        response: { 200: envelopeSchema(sendMessageResultSchema) },
      },
    },
    async (request) =>
      ok(
        await notifications.send(
          authOf(request),
          request.body,
          productBase(request, config.publicUrl),
        ),
      ),
  );

  app.get(
    MESSAGE_PATHS.recipients,
    {
      config: { access: { permission: 'system:message:send' } },
      schema: {
        tags,
        summary: 'Administrators: the units and roles a message can go to',
        response: { 200: envelopeSchema(recipientOptionsSchema) },
      },
    },
    async () => ok(await notifications.recipientOptions()),
  );

  app.get(
    MESSAGE_PATHS.recipientUsers,
    {
      config: { access: { permission: 'system:message:send' } },
      schema: {
        tags,
        summary:
          'Administrators: the accounts a message can go to, found by the start of a name, or chosen ones by id',
        querystring: recipientUsersQuerySchema,
        response: { 200: envelopeSchema(recipientUserPageSchema) },
      },
    },
    async (request) => ok(await notifications.recipientUsers(request.query)),
  );

  // ----- The administrator's messages screen (issue 13 item 7) -----
  const sending = { permission: 'system:message:send' } as const;
  const adminTags = ['system messages'];

  app.get(
    SYSTEM_PATHS.messages,
    {
      config: { access: sending },
      schema: {
        tags: adminTags,
        summary: 'The messages sent through the console, newest first, with recipients and reads',
        querystring: sentMessageQuerySchema,
        response: { 200: envelopeSchema(sentMessagePageSchema) },
      },
    },
    async (request) => ok(await notifications.sentPage(request.query)),
  );

  app.post(
    SYSTEM_PATHS.messages,
    {
      config: { access: sending, audit: 'message.send', policy: newMessage },
      schema: {
        tags: adminTags,
        summary: 'Sends a message to chosen users, units, roles or everyone (audited)',
        body: sendMessageRequestSchema,
        response: { 200: envelopeSchema(sendMessageResultSchema) },
      },
    },
    async (request) =>
      ok(
        await notifications.send(
          authOf(request),
          request.body,
          productBase(request, config.publicUrl),
        ),
      ),
  );

  app.get(
    SYSTEM_PATHS.messageRecipients,
    {
      config: { access: sending },
      schema: {
        tags: adminTags,
        summary: 'Who received a sent message and whether they have read it, unread first',
        params: recordParamsSchema,
        querystring: messageRecipientQuerySchema,
        response: { 200: envelopeSchema(messageRecipientPageSchema) },
      },
    },
    async (request) => ok(await notifications.recipients(request.params.id, request.query)),
  );

  app.post(
    SYSTEM_PATHS.messageWithdraw,
    {
      config: {
        access: sending,
        audit: 'message.withdraw',
        policy: policy('message.withdraw', async (request) =>
          notifications.sentMessage(routeInput<{ id: number }>(request).params.id),
        ),
      },
      schema: {
        tags: adminTags,
        summary:
          'Withdraws a sent message from the inboxes of those who have not read it (audited)',
        params: recordParamsSchema,
        response: { 200: envelopeSchema(withdrawResultSchema) },
      },
    },
    async (request) => ok(await notifications.withdraw(authOf(request), request.params.id)),
  );

  app.post(
    MESSAGE_PATHS.sseTicket,
    {
      config: {
        access: 'signed-in',
        audit: { none: 'a one-use ticket for the caller’s own live unread count' },
      },
      schema: {
        tags,
        summary: 'A one-use, 30-second ticket that opens the live unread-count stream',
        description:
          'EventSource cannot send the Authorization header; the stream URL carries this ticket instead of the access token.',
        response: { 200: envelopeSchema(sseTicketSchema) },
      },
    },
    async (request) => ok(await notifications.issueTicket(authOf(request))),
  );

  app.get(
    MESSAGE_PATHS.stream,
    {
      // Authenticated by the one-use ticket, not the bearer header (EventSource sends none).
      config: { access: 'public', rateLimit: limitedBy('publicRead') },
      schema: {
        tags,
        summary: 'Server-sent events: `unread` with the caller’s unread count, live',
        querystring: sseStreamQuerySchema,
      },
    },
    async (request, reply) => {
      const owner = await notifications.openStream(request.query.ticket);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx must pass events through at once.
        'x-accel-buffering': 'no',
      });
      let ended = false;
      const send = (unread: number) => {
        if (!ended) raw.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
      };
      const unsubscribe = notifications.hub.subscribe(owner.userId, send);
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        stopWatching();
        openStreams.delete(end);
        raw.end();
      };
      openStreams.add(end);
      /** Whether the session lives on; a `revoked` event ends the stream and the tab's session. */
      const check = (keepAlive: boolean) =>
        notifications.sessionAlive(owner).then(
          (alive) => {
            if (!alive) {
              if (!ended) raw.write('event: revoked\ndata: {}\n\n');
              end();
            } else if (!ended && keepAlive) {
              raw.write(': keep-alive\n\n');
            }
          },
          (error: unknown) => request.log.warn({ err: error }, 'stream session check failed'),
        );
      const heartbeat = setInterval(() => void check(true), heartbeatMs);
      // A session ended on any instance (a forced logout, a disabled account, a password
      // reset) ends its open streams at once, not at the next heartbeat (issue 32).
      const stopWatching = app.sessionCache.onChange((change) => {
        if (change !== null && ('everyone' in change || 'registrations' in change)) return;
        if (change && 'tokenHash' in change && change.tokenHash !== owner.sessionTokenHash) return;
        if (change && 'userId' in change && change.userId !== owner.userId) return;
        void check(false);
      });
      heartbeat.unref();
      // The browser went away (or the socket broke): stop pushing to it.
      raw.on('close', end);
      // Tell the browser to wait 5 s before reconnecting, then the current count.
      raw.write('retry: 5000\n\n');
      send(await notifications.unread(owner.userId));
    },
  );
};

export default notificationRoutes;
