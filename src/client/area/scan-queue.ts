import { createStore, del, entries, set, type UseStore } from 'idb-keyval';

/** A post made without network: where it goes, what it says, when it was made. */
export interface WaitingPost {
  url: string;
  body: Record<string, unknown>;
  at: number;
}

/** What the server answered a post: its status and body (a 4xx is an answer too, and ends the wait). */
export interface PostAnswer {
  status: number;
  body: Record<string, unknown>;
  /** Seconds the server asks to wait before trying again (`Retry-After` of a 429), when it says. */
  retryAfter?: number;
}

/** Answers that say "not now" rather than yes or no (signed out, too many calls, the server away): the post waits. */
const NOT_NOW = new Set([401, 408, 429]);

/** Whether the server decided the post (done or refused for good), so it need not be sent again. */
export function decided(answer: PostAnswer | undefined): answer is PostAnswer {
  return Boolean(answer && !NOT_NOW.has(answer.status) && answer.status < 500);
}

let store: UseStore | undefined;
/** The browser's database of posts waiting for the network, opened on first use. */
const waitingStore = () => (store ??= createStore('lantern-waiting-posts', 'posts'));

/** Posts as JSON with the session's cookie; answers nothing when the network failed (the post may wait). */
export async function post(url: string, body: Record<string, unknown>): Promise<PostAnswer | undefined> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return undefined;
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const retryAfter = Number(response.headers.get('retry-after') ?? NaN);
  return { status: response.status, body: answer, ...(Number.isFinite(retryAfter) && { retryAfter }) };
}

export async function keepWaiting(waiting: WaitingPost): Promise<void> {
  await set(`${waiting.at}-${Math.random().toString(36).slice(2)}`, waiting, waitingStore());
}

export async function waitingCount(): Promise<number> {
  return (await entries(waitingStore())).length;
}

/** The posts waiting, oldest first: a screen opened again (offline too) lists what it still has to send. */
export async function waitingPosts(): Promise<WaitingPost[]> {
  return (await entries<string, WaitingPost>(waitingStore())).map(([, post]) => post).sort((a, b) => a.at - b.at);
}

let sending: Promise<void> | undefined;

/**
 * Sends the waiting posts, oldest first, each dropped once the server has decided it (done or refused); stops at
 * the first that finds no network or a server that cannot decide now (signed out, away). One run at a time: a second call waits for the run under way.
 */
export function sendWaiting(onAnswer: (waiting: WaitingPost, answer: PostAnswer) => void): Promise<void> {
  sending ??= (async () => {
    try {
      const queue = (await entries<string, WaitingPost>(waitingStore())).sort(([, a], [, b]) => a.at - b.at);
      for (const [key, waiting] of queue) {
        const answer = await post(waiting.url, waiting.body);
        if (!decided(answer)) return;
        await del(key, waitingStore());
        onAnswer(waiting, answer);
      }
    } finally {
      sending = undefined;
    }
  })();
  return sending;
}
