// A reader's browser on the download link, as the benchmark drives it: the landing page's
// button, then wherever the answers lead: a 303 to the copy; the page of a copy being made
// (202), which asks again by itself where its <meta http-equiv="refresh"> says, after the
// seconds it says, with the cookie the button set; the page that starts the download (200);
// or a busy page (503), which asks again likewise. The copy is read to its last byte.
import { request } from 'node:http';

import { sleep } from './delivery';

export interface ReaderRun {
  /** Every status met, in order, the copy's last. */
  readonly statuses: number[];
  /** Busy answers (503 with Retry-After) met. */
  readonly busy: number;
  /** Pages of a copy being made (202) shown. */
  readonly waitingPages: number;
  /** The copy's size. */
  readonly bytes: number;
  /** performance.now() when the button was pressed, when the copy's first byte came, and its last. */
  readonly pressedAt: number;
  readonly firstByteAt: number;
  readonly doneAt: number;
}

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  /** The body as text when it is an HTML page; empty for a copy (counted, not kept). */
  readonly text: string;
  readonly bytes: number;
  readonly firstByteAt: number;
}

function send(url: string, method: 'GET' | 'POST', cookie: string | null): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = cookie === null ? {} : { Cookie: cookie };
    const sent = request(url, { method, agent: false, headers }, (response) => {
      const html = String(response.headers['content-type'] ?? '').startsWith('text/html');
      const chunks: Buffer[] = [];
      let bytes = 0;
      let firstByteAt: number | null = null;
      response.on('data', (chunk: Buffer) => {
        firstByteAt ??= performance.now();
        bytes += chunk.length;
        if (html) chunks.push(chunk);
      });
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
          bytes,
          firstByteAt: firstByteAt ?? performance.now(),
        }),
      );
    });
    sent.on('error', (error: Error) => reject(new Error(`${method} ${url}: ${error.message}`, { cause: error })));
    sent.end();
  });
}

/** A page's `<meta http-equiv="refresh" content="N;url=…">`: after how long, and where. */
function refreshOf(answer: Answer): { ms: number; path: string } {
  const match = /<meta http-equiv="refresh" content="(\d+);url=([^"]+)">/.exec(answer.text);
  if (match === null) throw new Error(`a ${answer.status} page without a refresh: ${answer.text.slice(0, 200)}`);
  return { ms: Number(match[1]) * 1000, path: match[2] ?? '' };
}

/**
 * One reader's download of `path` (a link's `/download/<token>`) on the server at `url`. A busy
 * page is followed after `busyRetryMs` when given (the benchmark cannot wait the minute a
 * person's page waits), else after the page's own delay; the page of a copy being made after
 * its own (2 s), as a browser does.
 */
export async function browserDownload(url: string, path: string, busyRetryMs?: number): Promise<ReaderRun> {
  const pressedAt = performance.now();
  const statuses: number[] = [];
  let [busy, waitingPages] = [0, 0];
  let cookie: string | null = null;
  let answer = await send(`${url}${path}`, 'POST', null);
  for (;;) {
    statuses.push(answer.status);
    const setCookie = answer.headers['set-cookie']?.[0];
    if (setCookie !== undefined) cookie = setCookie.split(';')[0] ?? null;
    if (answer.status === 303 || answer.status === 200) {
      const file = answer.status === 303 ? String(answer.headers.location) : refreshOf(answer).path;
      const copy = await send(`${url}${file}`, 'GET', null);
      statuses.push(copy.status);
      if (copy.status !== 200) throw new Error(`GET ${file} answered ${copy.status}`);
      return {
        statuses,
        busy,
        waitingPages,
        bytes: copy.bytes,
        pressedAt,
        firstByteAt: copy.firstByteAt,
        doneAt: performance.now(),
      };
    }
    if (answer.status !== 202 && !(answer.status === 503 && answer.headers['retry-after'] !== undefined)) {
      throw new Error(`${path}: answered ${answer.status} (${answer.text.slice(0, 200)})`);
    }
    const refresh = refreshOf(answer);
    if (answer.status === 202) waitingPages += 1;
    else busy += 1;
    await sleep(answer.status === 503 && busyRetryMs !== undefined ? busyRetryMs : refresh.ms);
    answer = await send(`${url}${refresh.path}`, 'GET', cookie);
  }
}
