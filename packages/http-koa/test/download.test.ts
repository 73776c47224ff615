import { describe, expect, it } from '@jest/globals';
import { BookStamperBusyError, DeliveryErrorCode, type CopyOwner, type QueuedBookStamper } from '@memoir/domain';
import { ERROR_MESSAGES } from '@memoir/shared';
import request from 'supertest';

import type { HttpUseCases } from '../src';
import { appWith } from './app-with';

const PATH = `/download/${'A'.repeat(43)}`;

/** A download use case that records its calls and answers `outcome`. */
function downloads(outcome: 'ok' | 'expired') {
  const calls: string[] = [];
  const useCase = {
    execute: async (token: string) => {
      calls.push(token);
      return outcome === 'ok'
        ? { ok: true as const, value: { name: 'Ada Lovelace', email: 'ada@example.org', downloadsLeft: 4 } }
        : { ok: false as const, error: { code: DeliveryErrorCode.LinkExpired, message: 'expired' } };
    },
  };
  return { calls, downloadBook: useCase as unknown as HttpUseCases['downloadBook'] };
}

/** A stamper that records what happens to the places it gives. */
function stamperWithRoom() {
  const events: string[] = [];
  const stamper: QueuedBookStamper = {
    stamp: () => Promise.reject(new Error('the route stamps in the place it holds')),
    reserve: () => {
      events.push('reserve');
      return {
        stamp: async (owner: CopyOwner) => {
          events.push(`stamp ${owner.name}`);
          return new TextEncoder().encode('%PDF-1.7 a copy');
        },
        release: () => void events.push('release'),
      };
    },
  };
  return { events, stamper };
}

describe('the download link', () => {
  it('asks the reader to come back in a minute when the stamper is busy, before counting the download', async () => {
    const { calls, downloadBook } = downloads('ok');
    const busy: QueuedBookStamper = {
      stamp: () => Promise.reject(new BookStamperBusyError()),
      reserve: () => {
        throw new BookStamperBusyError();
      },
    };
    const { server, lines } = appWith({ downloadBook }, { bookStamper: busy });

    const response = await request(server).get(PATH);
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).toContain('<h1>Busy, try again in a minute</h1>');
    expect(response.text).toContain(ERROR_MESSAGES.downloadBusy);
    expect(calls).toEqual([]); // the download was not counted
    expect(lines.find((line) => line.msg === 'book stamper busy: download refused, not counted')).toMatchObject({
      level: 40,
    });
  });

  it('stamps the copy in the place it held before counting the download', async () => {
    const { calls, downloadBook } = downloads('ok');
    const { events, stamper } = stamperWithRoom();
    const response = await request(appWith({ downloadBook }, { bookStamper: stamper }).server).get(PATH);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(calls).toHaveLength(1);
    expect(events).toEqual(['reserve', 'stamp Ada Lovelace', 'release']);
  });

  it('gives the place back when the link is not good', async () => {
    const { downloadBook } = downloads('expired');
    const { events, stamper } = stamperWithRoom();
    const response = await request(appWith({ downloadBook }, { bookStamper: stamper }).server).get(PATH);

    expect(response.status).toBe(410);
    expect(events).toEqual(['reserve', 'release']);
  });
});
