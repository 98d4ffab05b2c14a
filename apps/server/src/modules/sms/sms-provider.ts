import type { FastifyBaseLogger } from 'fastify';

/** One text message to one mobile number. */
export interface SmsMessage {
  mobile: string;
  text: string;
}

/** Where SMS go: a development recorder or a real gateway. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

function maskMobile(mobile: string): string {
  return mobile.length > 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}

/**
 * Development: keeps the messages in memory (tests read them through the
 * test-only hook) and logs that one was sent, without its text: codes stay out
 * of the log.
 */
export class DevelopmentSmsProvider implements SmsProvider {
  readonly name = 'development';
  readonly outbox: (SmsMessage & { at: Date })[] = [];

  constructor(private readonly log: () => FastifyBaseLogger | undefined) {}

  async send(message: SmsMessage): Promise<void> {
    this.outbox.push({ ...message, at: new Date() });
    if (this.outbox.length > 500) this.outbox.shift();
    this.log()?.info(
      { mobile: maskMobile(message.mobile) },
      'SMS recorded by the development provider',
    );
  }

  /** The latest message to a number, if any. */
  latestTo(mobile: string): SmsMessage | undefined {
    return this.outbox.findLast((message) => message.mobile === mobile);
  }
}

/**
 * A real gateway behind an HTTP webhook: POST `{ mobile, text }` as JSON, with
 * a bearer token when configured. Anything but a 2xx answer is a failure.
 */
export class WebhookSmsProvider implements SmsProvider {
  readonly name = 'webhook';

  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly timeoutMs = 5000,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
  }
}
