/**
 * A Server-Sent Events reader for API tests: reads `GET /api/events` over real HTTP (fetch's body stream) and
 * parses it as a browser's EventSource would (events, data, comments, the `retry:` hint).
 */
export interface SseEvent {
  event: string;
  data: any;
}

export interface EventReader {
  status: number;
  headers: Headers;
  /** The body when the server refused the stream (401, 429). */
  refusal?: any;
  events: SseEvent[];
  comments: string[];
  retries: number[];
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** The first event (already received or still to come) that matches, or a rejection after `waitMs`. */
  next(match: (event: SseEvent) => boolean, waitMs?: number): Promise<SseEvent>;
  close(): void;
}

export async function openEvents(baseUrl: string, cookie?: string): Promise<EventReader> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { accept: 'text/event-stream', ...(cookie && { cookie }) },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  const reader: EventReader = {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    retries,
    ended: Promise.resolve(),
    async next(match, waitMs = 8_000) {
      return new Promise<SseEvent>((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching event; received ${JSON.stringify(events)}`));
        }, waitMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
  if (response.status !== 200) {
    const text = await response.text();
    reader.refusal = text ? JSON.parse(text) : undefined;
    return reader;
  }
  reader.ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trim());
            else if (line.startsWith('retry:')) retries.push(Number(line.slice(6).trim()));
          }
          if (data.length) events.push({ event, data: JSON.parse(data.join('\n')) });
          wake();
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return reader;
}
