import { beforeEach, describe, expect, it } from '@jest/globals';

import { HIDDEN_CHARACTERS, hideIn, WRITING_SAMPLES } from '../../testing/text-samples';
import { chars, createWorld, errorOf, SCHOLARSHIP_ANSWER, valueOf, type World } from '../../test/world';

describe('SubmitScholarshipRequestUseCase', () => {
  let world: World;
  const valid = {
    name: 'Grace',
    email: 'grace@example.org',
    message: 'Between jobs.',
    riddleAnswer: SCHOLARSHIP_ANSWER,
  };
  const submit = (
    input: Partial<Record<keyof typeof valid, string | null | undefined>> & { reviewReminder?: boolean | null },
  ) => world.useCases.submitScholarshipRequest.execute({ ...valid, ...input });

  beforeEach(() => {
    world = createWorld();
  });

  it('stores a new request as pending, trimmed, at the current time', async () => {
    const request = valueOf(
      await submit({ name: ' Grace ', email: ' grace@example.org ', message: ' Between jobs. ' }),
    );
    expect(request).toEqual({
      id: expect.any(String),
      name: 'Grace',
      email: 'grace@example.org',
      message: 'Between jobs.',
      status: 'pending',
      adminNotes: null,
      createdAt: world.clock.now(),
      decidedAt: null,
      reviewReminder: false,
    });
    expect(await world.repositories.scholarshipRequests.listAll()).toEqual([request]);
  });

  it('keeps the wish for one review reminder only when the box was ticked', async () => {
    expect(valueOf(await submit({ reviewReminder: true })).reviewReminder).toBe(true);
    expect(valueOf(await submit({ reviewReminder: false })).reviewReminder).toBe(false);
    expect(valueOf(await submit({ reviewReminder: null })).reviewReminder).toBe(false);
  });

  it('stores an absent or blank message as null', async () => {
    for (const message of [undefined, null, '', '  \n ']) {
      expect(valueOf(await submit({ message })).message).toBeNull();
    }
  });

  it('requires a name, accepting 100 characters and refusing 101', async () => {
    expect(errorOf(await submit({ name: '  ' })).fieldErrors).toEqual({ name: 'Name is required.' });
    expect(valueOf(await submit({ name: chars(100) })).name).toHaveLength(100);
    expect(errorOf(await submit({ name: chars(101) })).fieldErrors).toEqual({
      name: 'Name must be at most 100 characters.',
    });
  });

  it('accepts real email addresses', async () => {
    for (const email of ['a@b.co', 'first.last+tag@sub.example.org', "o'brien@example.ie"]) {
      expect(valueOf(await submit({ email })).email).toBe(email);
    }
  });

  it('refuses a missing or malformed email address', async () => {
    expect(errorOf(await submit({ email: '' })).fieldErrors).toEqual({ email: 'Email is required.' });
    for (const email of [
      'grace',
      'grace@',
      '@example.org',
      'grace@example',
      'grace @example.org',
      'grace@exa_mple.org',
    ]) {
      expect(errorOf(await submit({ email })).fieldErrors).toEqual({ email: 'Please enter a valid email address.' });
    }
    expect(await world.repositories.scholarshipRequests.listAll()).toEqual([]);
  });

  it('strips only ASCII whitespace from an address, as the browser does', async () => {
    expect(valueOf(await submit({ email: ' \t grace@example.org\r\n' })).email).toBe('grace@example.org');
    // No-break space, byte-order mark, line separator: the browser keeps them, so the address is invalid.
    for (const email of ['\u00A0grace@example.org', 'grace@example.org\uFEFF', '\u2028grace@example.org']) {
      expect(errorOf(await submit({ email })).fieldErrors).toEqual({ email: 'Please enter a valid email address.' });
    }
  });

  it('does not compose an address: it is ASCII as typed', async () => {
    // The Kelvin sign composes (NFC) to "K"; the browser refuses it, and so does the server.
    expect(errorOf(await submit({ email: '\u212A@example.org' })).fieldErrors).toEqual({
      email: 'Please enter a valid email address.',
    });
  });

  it('refuses an email address longer than 254 characters', async () => {
    const email = `${chars(64)}@${chars(63, 'b')}.${chars(63, 'c')}.${chars(60, 'd')}.org`;
    expect(email.length).toBeGreaterThan(254);
    expect(errorOf(await submit({ email })).fieldErrors).toEqual({ email: 'Email must be at most 254 characters.' });
  });

  describe.each([
    ['name', 'Name'],
    ['message', 'Message'],
  ] as const)('the %s', (field, label) => {
    it.each(HIDDEN_CHARACTERS)('refuses %s, naming the field, and stores nothing', async (_name, char) => {
      const error = errorOf(await submit({ [field]: hideIn(char) }));
      expect(error).toEqual({
        code: 'SCHOLARSHIP_REQUEST.INVALID',
        message: `${label} contains invisible or direction-changing characters.`,
        fieldErrors: { [field]: `${label} contains invisible or direction-changing characters.` },
      });
      expect(await world.repositories.scholarshipRequests.listAll()).toEqual([]);
    });

    it.each(WRITING_SAMPLES)('accepts %s as written', async (_language, text) => {
      expect(valueOf(await submit({ [field]: text }))[field]).toBe(text);
    });
  });

  it('stores a name and a message composed (NFC)', async () => {
    const request = valueOf(await submit({ name: 'Ze\u0301ro', message: 'Merci\u2028beaucoup' }));
    expect(request).toMatchObject({ name: 'Z\u00E9ro', message: 'Merci\nbeaucoup' });
  });

  it('accepts the riddle answer trimmed and in any case, and refuses a wrong one', async () => {
    expect((await submit({ riddleAnswer: ' KERNEL ' })).ok).toBe(true);
    expect(errorOf(await submit({ riddleAnswer: 'kernels' })).code).toBe('SCHOLARSHIP_REQUEST.WRONG_RIDDLE_ANSWER');
    expect(errorOf(await submit({ riddleAnswer: '' })).fieldErrors).toEqual({
      riddleAnswer: 'Riddle answer is required.',
    });
    expect(await world.repositories.scholarshipRequests.listAll()).toHaveLength(1);
  });
});
