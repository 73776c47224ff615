import { describe, expect, it } from '@jest/globals';

import { HttpError } from '../src/http-error';
import { LoginBody, ModerateBody, SignGuestbookBody } from '@memoir/shared/contract';

import { parseBody } from '../src/validation';

async function refusal(body: unknown, RequestClass: new () => object = SignGuestbookBody): Promise<unknown> {
  try {
    await parseBody(RequestClass, body);
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, ...error.body };
    throw error;
  }
  throw new Error('the body was accepted');
}

describe('parseBody', () => {
  // Nested values are never copied into the request object: walking them is how a TypeError
  // (a 500) or a polluted prototype happens.
  it.each([
    { constructor: 1 },
    { constructor: { prototype: { polluted: true } } },
    { prototype: {}, hasOwnProperty: 1 },
    [{ constructor: null }],
    JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
  ])('refuses a nested value with prototype keys (%j) as the wrong type, never a crash', async (nested) => {
    expect(await refusal({ name: 'Ada', location: nested, message: 'Hi', riddleAnswer: 'network' })).toEqual({
      status: 400,
      success: false,
      error: 'Location must be text.',
      code: 'REQUEST.INVALID',
      fieldErrors: { location: 'Location must be text.' },
    });
    expect(await refusal({ username: nested, password: nested }, LoginBody)).toMatchObject({
      fieldErrors: { username: 'Username must be text.', password: 'Password must be text.' },
    });
    expect(await refusal({ isApproved: nested }, ModerateBody)).toMatchObject({
      fieldErrors: { isApproved: 'isApproved must be true or false.' },
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('still reads scalar fields as they are', async () => {
    await expect(parseBody(LoginBody, { username: 'owner', password: 'p' })).resolves.toMatchObject({
      username: 'owner',
      password: 'p',
    });
  });
});

describe('an unknown field', () => {
  it('is named by at most its first 100 characters, so a huge name cannot swell the answer', async () => {
    const name = `k${'é'.repeat(10_000)}`;
    const answer = (await refusal({ [name]: 1 }, LoginBody)) as { error: string };
    expect(answer.error).toBe(`Unknown field "k${'é'.repeat(99)}…".`);
    expect(((await refusal({ surplus: 1 }, LoginBody)) as { error: string }).error).toBe('Unknown field "surplus".');
  });
});
