/** Message kinds (spec section 3): `json` carries a link to a subsystem page, others are text. */
export const MESSAGE_TYPES = ['text', 'json'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Paths of the message calls (spec section 7) and of the live stream (ours). */
export const MESSAGE_PATHS = {
  page: '/message-sms/messageData/page',
  upAllMsg: '/message-sms/messageData/upAllMsg',
  updateRead: '/message-sms/messageData/updateRead',
  sseTicket: '/message-sms/messageData/sse-ticket',
  stream: '/message-sms/messageData/stream',
  send: '/message-sms/messageData/send',
  recipients: '/message-sms/messageData/recipients',
} as const;

/** Seconds a live-stream ticket stays valid; it can be used once. */
export const SSE_TICKET_SECONDS = 30;
/** The stream's keep-alive comment interval; the session is re-checked at each. */
export const SSE_HEARTBEAT_MS = 25_000;
