import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';

import { api, configureApi, HttpError } from './api';

/**
 * A stand-in for the browser's XMLHttpRequest: it records what is sent, and the test answers,
 * reports progress, or fails the connection, as a browser would.
 */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  withCredentials = false;
  responseType = '';
  headers: Record<string, string> = {};
  body: unknown = undefined;
  status = 0;
  statusText = '';
  response: Blob | null = null;
  aborted = false;
  private responseHeaders = '';
  private readonly listeners = new Map<string, Array<(event: unknown) => void>>();
  private readonly uploadListeners = new Map<string, Array<(event: unknown) => void>>();
  readonly upload = {
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      this.on(this.uploadListeners, type, listener),
  };

  constructor() {
    FakeXhr.last = this;
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: (event: unknown) => void): void {
    this.on(this.listeners, type, listener);
  }
  send(body: unknown): void {
    this.body = body;
  }
  abort(): void {
    this.aborted = true;
    this.emit(this.listeners, 'abort', {});
  }
  getAllResponseHeaders(): string {
    return this.responseHeaders;
  }

  /** The server's answer arriving. */
  answer(status: number, body: string, headers: Record<string, string> = {}): void {
    this.status = status;
    this.statusText = status === 200 ? 'OK' : 'Refused';
    this.response = new Blob([body]);
    this.responseHeaders = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    this.emit(this.listeners, 'load', {});
  }
  progress(loaded: number, total: number): void {
    this.emit(this.uploadListeners, 'progress', { loaded, total });
  }
  failConnection(): void {
    this.emit(this.listeners, 'error', {});
  }

  private on(map: Map<string, Array<(event: unknown) => void>>, type: string, listener: (event: unknown) => void) {
    map.set(type, [...(map.get(type) ?? []), listener]);
  }
  private emit(map: Map<string, Array<(event: unknown) => void>>, type: string, event: unknown) {
    for (const listener of map.get(type) ?? []) listener(event);
  }
}

const xhr = (): FakeXhr => {
  if (FakeXhr.last === null) throw new Error('nothing was sent');
  return FakeXhr.last;
};

describe('api.send: an upload with its progress, outside the route table', () => {
  const unauthorized = jest.fn();
  const realXhr = (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;

  beforeEach(() => {
    FakeXhr.last = null;
    unauthorized.mockReset();
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = FakeXhr;
    configureApi({ getToken: () => 'TOKEN', onUnauthorized: unauthorized });
  });
  afterEach(() => {
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = realXhr;
    configureApi({ getToken: () => null, onUnauthorized: null });
  });

  it('sends the form as it is, with credentials and the bearer header, and reports its progress', async () => {
    const form = new FormData();
    form.append('alt', 'The cover');
    const progress: Array<[number, number]> = [];
    const sending = api.send('/api/admin/media/cover', {
      method: 'POST',
      body: form,
      onProgress: (sent, total) => progress.push([sent, total]),
    });
    const request = xhr();
    expect([request.method, request.url, request.withCredentials]).toEqual(['POST', '/api/admin/media/cover', true]);
    expect(request.headers).toEqual({ Authorization: 'Bearer TOKEN' });
    expect(request.body).toBe(form);
    request.progress(500, 2000);
    request.progress(2000, 2000);
    request.answer(201, '{"media":{"id":"m1"}}', { 'Content-Type': 'application/json' });
    const response = await sending;
    expect(progress).toEqual([
      [500, 2000],
      [2000, 2000],
    ]);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json');
    await expect(response.json()).resolves.toEqual({ media: { id: 'm1' } });
  });

  it('rejects a refusal with the HttpError api.call gives, and ends the session on a 401', async () => {
    const refused = api.send('/api/admin/media/cover', { method: 'POST' });
    xhr().answer(415, '{"success":false,"error":"The image must be a JPEG, PNG or WebP file."}');
    const error = await refused.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(415);
    expect((error as HttpError).body?.error).toBe('The image must be a JPEG, PNG or WebP file.');
    expect(unauthorized).not.toHaveBeenCalled();

    const expired = api.send('/api/admin/media');
    xhr().answer(401, '{"success":false,"error":"Unauthorized"}');
    await expect(expired).rejects.toBeInstanceOf(HttpError);
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('cancels on its signal with an AbortError, and fails a lost connection as fetch does', async () => {
    const controller = new AbortController();
    const cancelled = api.send('/api/admin/media/book', { method: 'POST', signal: controller.signal });
    controller.abort();
    expect(xhr().aborted).toBe(true);
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });

    const lost = api.send('/api/admin/media/book', { method: 'POST' });
    xhr().failConnection();
    await expect(lost).rejects.toBeInstanceOf(TypeError);
  });

  it('never sends what is cancelled before it starts', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(api.send('/api/admin/media/book', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(FakeXhr.last).toBeNull();
  });
});
