/** A server-sent event as the browser's EventSource would deliver it. */
export interface StreamEvent {
  event: string;
  data: string;
}

/** Reads a text/event-stream response; `next()` waits for the next event (comments skipped). */
export function readEvents(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queued: StreamEvent[] = [];
  let ended = false;

  async function fill(): Promise<void> {
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      return;
    }
    buffer += decoder.decode(value, { stream: true });
    let boundary = buffer.indexOf('\n\n');
    while (boundary >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const event: StreamEvent = { event: 'message', data: '' };
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event.event = line.slice(7);
        if (line.startsWith('data: ')) {
          event.data = line.slice(6);
          hasData = true;
        }
      }
      if (hasData) queued.push(event);
      boundary = buffer.indexOf('\n\n');
    }
  }

  return {
    /** The next event, or an error after `timeoutMs`. */
    async next(timeoutMs = 5000): Promise<StreamEvent> {
      const deadline = Date.now() + timeoutMs;
      while (queued.length === 0) {
        if (ended) throw new Error('the stream ended');
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error('no event in time');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          fill(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('no event in time')), remaining);
          }),
        ]).finally(() => clearTimeout(timer));
      }
      return queued.shift()!;
    },
    /** The next `unread` event's count. */
    async nextUnread(timeoutMs = 5000): Promise<number> {
      const event = await this.next(timeoutMs);
      if (event.event !== 'unread') throw new Error(`expected unread, got ${event.event}`);
      return (JSON.parse(event.data) as { unread: number }).unread;
    },
    async cancel() {
      await reader.cancel().catch(() => undefined);
    },
  };
}
