import { describe, expect, it } from '@jest/globals';

import { INTENDED_KEY } from '../../public-site/crackme/intended-key';
import { useTestApps } from './support/test-app';

/** The crackme prize through HTTP: the key checked by the crackme's rule, the winners, the limit, the owner's list. */
describe('claiming the crackme prize', () => {
  const startApp = useTestApps();
  // The test's clock stands still unless moved: each claim a second after the one before, as people are.
  const claim = (app: Awaited<ReturnType<typeof startApp>>, body: unknown, address = '203.0.113.5') => {
    app.clock.advance(1000);
    return app.call('POST', '/api/crackme-claim', { body, headers: { 'X-Forwarded-For': address } });
  };

  it('accepts the right key once per address, tells the first CRACKME_WINNERS they won, and lists claims in order', async () => {
    const app = await startApp({ env: { CRACKME_WINNERS: '2', TRUST_PROXY: 'on' } });
    const first = await claim(app, { key: INTENDED_KEY, name: 'Ada Lovelace', email: 'ada@example.org' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ success: true, position: 1, winner: true });
    expect(String(first.body.message)).toMatch(/signed hardcover/);
    // The same person again (another case): the same claim, not a second place.
    const again = await claim(app, { key: ` ${INTENDED_KEY} `, name: 'Ada L.', email: 'ADA@example.org' });
    expect(again.body).toMatchObject({ position: 1, winner: true });
    expect(
      (await claim(app, { key: INTENDED_KEY, name: 'Grace', email: 'grace@example.org' }, '198.51.100.1')).body,
    ).toMatchObject({
      position: 2,
      winner: true,
    });
    const third = await claim(app, { key: INTENDED_KEY, name: 'Linus', email: 'linus@example.org' }, '198.51.100.2');
    expect(third.body).toMatchObject({ position: 3, winner: false });
    expect(String(third.body.message)).toMatch(/all been won/);

    const token = await app.signIn();
    const listed = await app.call('GET', '/api/admin/crackme-claims', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.winners).toBe(2);
    expect(
      (listed.body.claims as Array<Record<string, unknown>>).map(({ position, name, winner, prizeSentAt }) => ({
        position,
        name,
        winner,
        prizeSentAt,
      })),
    ).toEqual([
      { position: 1, name: 'Ada Lovelace', winner: true, prizeSentAt: null },
      { position: 2, name: 'Grace', winner: true, prizeSentAt: null },
      { position: 3, name: 'Linus', winner: false, prizeSentAt: null },
    ]);
    const ada = (listed.body.claims as Array<{ id: string }>)[0]?.id ?? '';
    const sent = await app.call('POST', `/api/admin/crackme-claims/${ada}/prize-sent`, { token });
    expect(sent.body).toEqual({ success: true, prizeSentAt: app.clock.now().toISOString() });
    app.clock.advance(60_000);
    expect((await app.call('POST', `/api/admin/crackme-claims/${ada}/prize-sent`, { token })).body.prizeSentAt).toBe(
      sent.body.prizeSentAt,
    );
    const [event] = (await app.call('GET', '/api/admin/audit-logs?action=prize_sent', { token })).body.logs as Array<
      Record<string, unknown>
    >;
    expect(event).toMatchObject({ resourceType: 'crackme_claim', resourceId: ada, details: { position: 1 } });
    expect(
      (await app.call('POST', '/api/admin/crackme-claims/00000000-0000-4000-8000-000000000000/prize-sent', { token }))
        .status,
    ).toBe(404);
    expect((await app.call('GET', '/api/admin/crackme-claims')).status).toBe(401);
  });

  it('refuses a wrong key or a bad field with a clear 400, and stops guessing at CRACKME_CLAIM_LIMIT', async () => {
    const app = await startApp({ env: { CRACKME_CLAIM_LIMIT: '3/1h', TRUST_PROXY: 'on' } });
    const wrong = await claim(app, { key: 'HEAP-OF-MEMORIES-2000', name: 'Eve', email: 'eve@example.org' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, code: 'CRACKME_CLAIM.WRONG_KEY' });
    expect(wrong.body.fieldErrors).toEqual({ key: 'That is not the key the crackme accepts.' });
    const missing = await claim(app, { key: INTENDED_KEY, name: '', email: 'not-an-address' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fieldErrors as object).sort()).toEqual(['email', 'name']);
    expect((await claim(app, { key: 'GUESS-3', name: 'Eve', email: 'eve@example.org' })).status).toBe(400);
    // The fourth attempt from that address is refused, even with the right key.
    const limited = await claim(app, { key: INTENDED_KEY, name: 'Eve', email: 'eve@example.org' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect(
      (await claim(app, { key: INTENDED_KEY, name: 'Eve', email: 'eve@example.org' }, '198.51.100.9')).status,
    ).toBe(201);
  });
});
