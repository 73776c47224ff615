import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DeliveryErrorCode, type DownloadError, type DownloadedCopy } from '@memoir/domain';
import { ERROR_MESSAGES } from '@memoir/shared';
import request from 'supertest';

import { parseRange, type HttpUseCases } from '../src';
import { appWith } from './app-with';

const TOKEN = 'A'.repeat(43);
const PATH = `/download/${TOKEN}`;
const DELIVERY_ID = '00000000-0000-4000-8000-000000000001';

let dir: string;
let copyPath: string;
/** 1,000 bytes, each its offset modulo 256: any slice shows where it came from. */
const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'copies-'));
  copyPath = join(dir, `${DELIVERY_ID}.pdf`);
  writeFileSync(copyPath, BYTES, { mode: 0o600 });
  utimesSync(copyPath, new Date('2026-01-15T12:00:00Z'), new Date('2026-01-15T12:00:00Z'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Outcome<T> = { ok: true; value: T } | { ok: false; error: DownloadError };

/** A download use case whose answers the test sets, recording each call. */
function downloads(
  answers: {
    view?: Outcome<{ name: string; downloadsLeft: number; expiresAt: Date }>;
    download?: Outcome<DownloadedCopy>;
    resume?: Outcome<DownloadedCopy>;
  } = {},
) {
  const calls: string[] = [];
  const copy: DownloadedCopy = {
    copy: { deliveryId: DELIVERY_ID, path: copyPath },
    name: 'Ada Lovelace',
    downloadsLeft: 4,
  };
  const answer =
    <T>(name: string, fallback: Outcome<T>, given?: Outcome<T>) =>
    async (token: string) => {
      calls.push(`${name} ${token.slice(0, 3)}`);
      return given ?? fallback;
    };
  const useCase = {
    view: answer(
      'view',
      {
        ok: true,
        value: { name: 'Ada Lovelace', downloadsLeft: 5, expiresAt: new Date(Date.now() + 14 * 86_400_000) },
      },
      answers.view,
    ),
    download: answer('download', { ok: true, value: copy }, answers.download),
    resume: answer('resume', { ok: true, value: copy }, answers.resume),
  };
  return { calls, downloadBook: useCase as unknown as HttpUseCases['downloadBook'] };
}

describe('the landing page of a download link', () => {
  it('names the book and the reader, says what is left, and offers one button that posts to the link', async () => {
    const { calls, downloadBook } = downloads();
    const response = await request(appWith({ downloadBook }).server).get(PATH);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'$/,
    );
    expect(response.text).toContain('made for Ada Lovelace');
    expect(response.text).toMatch(/This link allows 5 more downloads, until .+ UTC \(in 14 days\)\./);
    expect(response.text).toContain('<form method="post"><button type="submit">Download your copy</button></form>');
    expect(response.text).not.toContain('<script');
    expect(calls).toEqual(['view AAA']);
  });

  it('answers a HEAD as a GET without a body, and neither counts a download (a mail scanner)', async () => {
    const { calls, downloadBook } = downloads();
    const server = appWith({ downloadBook }).server;
    const head = await request(server).head(PATH);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.text ?? '').toBe('');
    await request(server).get(PATH);
    expect(calls).toEqual(['view AAA', 'view AAA']); // never download: nothing counted
  });

  it('sends the button on to the copy itself once the download is counted', async () => {
    const { calls, downloadBook } = downloads();
    const { server, lines } = appWith({ downloadBook });
    const response = await request(server).post(PATH);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`${PATH}/file`);
    expect(calls).toEqual(['download AAA']);
    expect(lines.find((line) => line.msg === 'book downloaded')).toMatchObject({ downloadsLeft: 4 });
  });

  it('asks the reader to come back in a minute when the stamper is busy (nothing counted)', async () => {
    const { downloadBook } = downloads({
      download: {
        ok: false,
        error: { code: DeliveryErrorCode.StamperBusy, message: ERROR_MESSAGES.downloadBusy, retryAfterSeconds: 60 },
      },
    });
    const { server, lines } = appWith({ downloadBook });
    const response = await request(server).post(PATH);
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.text).toContain('<h1>Busy, try again in a minute</h1>');
    expect(response.text).toContain(ERROR_MESSAGES.downloadBusy);
    // The page tries again by itself, in the minute it asks for, with this browser's button cookie.
    expect(response.text).toContain(`<meta http-equiv="refresh" content="60;url=${PATH}/wait">`);
    expect(response.headers['set-cookie']).toEqual([
      `copy_asked=1; Path=${PATH}; Max-Age=900; HttpOnly; SameSite=Strict`,
    ]);
    expect(lines.find((line) => line.msg === 'book stamper busy: download refused, not counted')).toMatchObject({
      level: 40,
    });
  });

  it('says plainly that nothing was counted when the copy could not be made', async () => {
    const { downloadBook } = downloads({
      download: {
        ok: false,
        error: { code: DeliveryErrorCode.CopyFailed, message: ERROR_MESSAGES.downloadCopyFailed },
      },
    });
    const response = await request(appWith({ downloadBook }).server).post(PATH);
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.text).toContain('<h1>Your copy is not ready</h1>');
    expect(response.text).toContain('nothing was counted');
    expect(response.text).toContain(`<meta http-equiv="refresh" content="60;url=${PATH}/wait">`);
  });

  it('tells the reader of a withdrawn link how to ask again', async () => {
    const { downloadBook } = downloads({
      view: { ok: false, error: { code: DeliveryErrorCode.LinkRevoked, message: 'withdrawn' } },
    });
    const response = await request(appWith({ downloadBook }).server).get(PATH);
    expect(response.status).toBe(410);
    expect(response.text).toContain('<h1>This download link has been withdrawn</h1>');
    expect(response.text).toContain('reply to the email that brought you here, or send a new request');
  });
});

describe('the page of a copy being made', () => {
  const IN_PROGRESS: Outcome<DownloadedCopy> = {
    ok: false,
    error: { code: DeliveryErrorCode.CopyInProgress, message: 'Your copy is being made.' },
  };

  /** A use case whose `download` answers `first` once, then what `then` says. */
  function inProgressThen(then: () => Outcome<DownloadedCopy>) {
    const { calls, downloadBook } = downloads();
    let answered = 0;
    const download = async (token: string) => {
      calls.push(`download ${token.slice(0, 3)}`);
      answered += 1;
      return answered === 1 ? IN_PROGRESS : then();
    };
    return { calls, downloadBook: { ...downloadBook, download } as unknown as HttpUseCases['downloadBook'] };
  }

  it('says the copy is being made, counts nothing, and asks again by itself without a script', async () => {
    const { downloadBook } = inProgressThen(() => IN_PROGRESS);
    const response = await request(appWith({ downloadBook }).server).post(PATH);
    expect(response.status).toBe(202);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(response.headers['set-cookie']).toEqual([
      `copy_asked=1; Path=${PATH}; Max-Age=900; HttpOnly; SameSite=Strict`,
    ]);
    expect(response.text).toContain('<h1>Your copy is being made</h1>');
    expect(response.text).toContain(
      'your download starts as soon as your copy is ready. Nothing is counted until then.',
    );
    expect(response.text).toContain(`<meta http-equiv="refresh" content="2;url=${PATH}/wait">`);
    expect(response.text).not.toContain('<script');
  });

  it('refreshes while the copy is made, then starts the download and forgets the button', async () => {
    let ready = false;
    const made: Outcome<DownloadedCopy> = {
      ok: true,
      value: { copy: { deliveryId: DELIVERY_ID, path: copyPath }, name: 'Ada Lovelace', downloadsLeft: 4 },
    };
    const { calls, downloadBook } = inProgressThen(() => (ready ? made : IN_PROGRESS));
    const agent = request.agent(appWith({ downloadBook }).server);
    expect((await agent.post(PATH)).status).toBe(202);

    const again = await agent.get(`${PATH}/wait`);
    expect(again.status).toBe(202);
    expect(again.text).toContain(`<meta http-equiv="refresh" content="2;url=${PATH}/wait">`);

    ready = true;
    const done = await agent.get(`${PATH}/wait`);
    expect(done.status).toBe(200);
    expect(done.text).toContain(`<meta http-equiv="refresh" content="0;url=${PATH}/file">`);
    expect(done.text).toContain(`<a href="${PATH}/file">If it does not start, download your copy here</a>`);
    expect(done.headers['set-cookie']).toEqual([
      `copy_asked=1; Path=${PATH}; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict`,
    ]);
    const file = await agent.get(`${PATH}/file`);
    expect(file.status).toBe(200);
    expect(Buffer.from(file.body as Buffer).equals(BYTES)).toBe(true);

    // The cookie gone, the waiting page's address counts nothing more: back to the landing page.
    const later = await agent.get(`${PATH}/wait`).redirects(0);
    expect(later.status).toBe(303);
    expect(later.headers.location).toBe(PATH);
    expect(calls).toEqual(['download AAA', 'download AAA', 'download AAA', 'resume AAA']);
  });

  it('sends a browser that never pressed the button (no cookie), or a HEAD, to the landing page', async () => {
    const { calls, downloadBook } = downloads();
    const server = appWith({ downloadBook }).server;
    const bare = await request(server).get(`${PATH}/wait`);
    expect([bare.status, bare.headers.location]).toEqual([303, PATH]);
    const head = await request(server).head(`${PATH}/wait`).set('Cookie', 'copy_asked=1');
    expect([head.status, head.headers.location]).toEqual([303, PATH]);
    expect(calls).toEqual([]);
  });
});

describe("the copy's own address", () => {
  const server = () => appWith({ downloadBook: downloads().downloadBook }).server;

  it('sends the whole copy from disk with its length, validators and no caching', async () => {
    const response = await request(server()).get(`${PATH}/file`).buffer(true);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-length']).toBe('1000');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.etag).toMatch(new RegExp(`^"${DELIVERY_ID}-[0-9a-z]+-[0-9a-z]+"$`));
    expect(response.headers['last-modified']).toBe('Thu, 15 Jan 2026 12:00:00 GMT');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+-ada-lovelace\.pdf"$/);
    expect(Buffer.compare(response.body as Buffer, BYTES)).toBe(0);
  });

  it('answers a HEAD with the headers only', async () => {
    const response = await request(server()).head(`${PATH}/file`);
    expect(response.status).toBe(200);
    expect(response.headers['content-length']).toBe('1000');
    expect(response.headers['accept-ranges']).toBe('bytes');
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=900-', 900, 999],
    ['bytes=-100', 900, 999],
    ['bytes=990-5000', 990, 999],
  ])('sends the range %s alone (206)', async (range, start, end) => {
    const response = await request(server()).get(`${PATH}/file`).set('Range', range).buffer(true);
    expect(response.status).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
    expect(Buffer.compare(response.body as Buffer, BYTES.subarray(start, end + 1))).toBe(0);
  });

  it('answers 416 with the size for a range past the end', async () => {
    const response = await request(server()).get(`${PATH}/file`).set('Range', 'bytes=1000-');
    expect(response.status).toBe(416);
    expect(response.headers['content-range']).toBe('bytes */1000');
  });

  it('honours If-Range: the range for the same copy, the whole copy for another', async () => {
    const { etag } = (await request(server()).head(`${PATH}/file`)).headers as { etag: string };
    const same = await request(server()).get(`${PATH}/file`).set('Range', 'bytes=500-').set('If-Range', etag);
    expect([same.status, same.headers['content-range']]).toEqual([206, 'bytes 500-999/1000']);
    const other = await request(server())
      .get(`${PATH}/file`)
      .set('Range', 'bytes=500-')
      .set('If-Range', `"${DELIVERY_ID}-0-0"`);
    expect([other.status, other.headers['content-length']]).toEqual([200, '1000']);
    const byDate = await request(server())
      .get(`${PATH}/file`)
      .set('Range', 'bytes=500-')
      .set('If-Range', 'Thu, 15 Jan 2026 12:00:00 GMT');
    expect(byDate.status).toBe(206);
  });

  it('sends the whole copy for several ranges or a range it does not read', async () => {
    for (const range of ['bytes=0-1,5-9', 'bytes=9-1', 'items=0-1']) {
      const response = await request(server()).get(`${PATH}/file`).set('Range', range);
      expect([range, response.status]).toEqual([range, 200]);
    }
  });

  it('sends the reader back to the landing page when there is no download to resume', async () => {
    const { calls, downloadBook } = downloads({
      resume: { ok: false, error: { code: DeliveryErrorCode.NotDownloaded, message: 'use the button' } },
    });
    const response = await request(appWith({ downloadBook }).server).get(`${PATH}/file`);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(PATH);
    expect(calls).toEqual(['resume AAA']);
  });
});

describe('parseRange', () => {
  it('reads one range of bytes, and nothing else', () => {
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange('bytes=2-4', 10)).toEqual({ start: 2, end: 4 });
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-20', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRange('bytes=-', 10)).toBeNull();
  });
});
