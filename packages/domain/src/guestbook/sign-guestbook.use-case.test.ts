import { beforeEach, describe, expect, it } from '@jest/globals';

import { HIDDEN_CHARACTERS, hideIn, WRITING_SAMPLES } from '../../testing/text-samples';
import { chars, createWorld, errorOf, GUESTBOOK_ANSWER, valueOf, type World } from '../../test/world';

describe('SignGuestbookUseCase', () => {
  let world: World;
  const valid = { name: 'Ada', location: 'London', message: 'Great book!', riddleAnswer: GUESTBOOK_ANSWER };
  const sign = (input: Partial<Record<keyof typeof valid, string | null | undefined>>) =>
    world.useCases.signGuestbook.execute({ ...valid, ...input });
  const stored = () => world.repositories.guestbookEntries.listAll();

  beforeEach(() => {
    world = createWorld();
  });

  it('stores a new entry as pending, with trimmed fields and the current time', async () => {
    const entry = valueOf(await sign({ name: '  Ada  ', location: ' London ', message: '\n Great book! \n' }));
    expect(entry).toEqual({
      id: expect.any(String),
      name: 'Ada',
      location: 'London',
      message: 'Great book!',
      createdAt: world.clock.now(),
      isApproved: false,
      reviewedAt: null,
      adminNotes: null,
    });
    expect(await stored()).toEqual([entry]);
  });

  it('accepts a name of exactly 50 characters and refuses 51', async () => {
    expect(valueOf(await sign({ name: chars(50) })).name).toBe(chars(50));
    const error = errorOf(await sign({ name: chars(51) }));
    expect(error).toEqual({
      code: 'GUESTBOOK_ENTRY.INVALID',
      message: 'Name must be at most 50 characters.',
      fieldErrors: { name: 'Name must be at most 50 characters.' },
    });
  });

  it('measures length after trimming', async () => {
    expect(valueOf(await sign({ name: `  ${chars(50)}  ` })).name).toBe(chars(50));
  });

  it('refuses a missing, empty or whitespace-only name', async () => {
    for (const name of [undefined, '', '   \t ']) {
      expect(errorOf(await sign({ name })).fieldErrors).toEqual({ name: 'Name is required.' });
    }
    expect(await stored()).toEqual([]);
  });

  it('stores an absent, empty or blank location as null', async () => {
    for (const location of [undefined, null, '', '   ']) {
      expect(valueOf(await sign({ location })).location).toBeNull();
    }
  });

  it('accepts a location of 50 characters and refuses 51', async () => {
    expect(valueOf(await sign({ location: chars(50) })).location).toBe(chars(50));
    expect(errorOf(await sign({ location: chars(51) })).fieldErrors).toEqual({
      location: 'Location must be at most 50 characters.',
    });
  });

  it('accepts a message of 500 characters over several lines and refuses 501', async () => {
    const fiveHundred = `${chars(249)}\n${chars(250)}`;
    expect(valueOf(await sign({ message: fiveHundred })).message).toBe(fiveHundred);
    expect(errorOf(await sign({ message: chars(501) })).fieldErrors).toEqual({
      message: 'Message must be at most 500 characters.',
    });
  });

  it('refuses a blank message', async () => {
    expect(errorOf(await sign({ message: ' \n ' })).fieldErrors).toEqual({ message: 'Message is required.' });
  });

  it('names every field at fault, and leads with the first', async () => {
    const error = errorOf(await sign({ name: '', message: chars(501), riddleAnswer: '' }));
    expect(error.message).toBe('Name is required.');
    expect(error.fieldErrors).toEqual({
      name: 'Name is required.',
      message: 'Message must be at most 500 characters.',
      riddleAnswer: 'Riddle answer is required.',
    });
  });

  it('refuses text that cannot be stored faithfully: controls, lone surrogates, newlines in a name', async () => {
    for (const name of ['Ada\u0000', 'Ada\u001b[31m', 'Ada\uD800', 'Ada\nLovelace']) {
      expect(errorOf(await sign({ name })).fieldErrors).toEqual({
        name: 'Name contains characters that are not allowed.',
      });
    }
    expect(valueOf(await sign({ name: 'Zoë 👋🏽' })).name).toBe('Zoë 👋🏽');
  });

  describe.each([
    ['name', 'Name'],
    ['location', 'Location'],
    ['message', 'Message'],
  ] as const)('the %s', (field, label) => {
    it.each(HIDDEN_CHARACTERS)('refuses %s, naming the field, and stores nothing', async (_name, char) => {
      const error = errorOf(await sign({ [field]: hideIn(char) }));
      expect(error).toEqual({
        code: 'GUESTBOOK_ENTRY.INVALID',
        message: `${label} contains invisible or direction-changing characters.`,
        fieldErrors: { [field]: `${label} contains invisible or direction-changing characters.` },
      });
      expect(await stored()).toEqual([]);
    });

    it.each(WRITING_SAMPLES)('accepts %s as written', async (_language, text) => {
      expect(valueOf(await sign({ [field]: text }))[field]).toBe(text);
    });
  });

  it('stores text composed (NFC) and counts its length composed', async () => {
    const decomposed = 'Nguye\u0302\u0303n The\u0301'; // "Nguyễn Thé" typed with combining marks
    expect(valueOf(await sign({ name: decomposed })).name).toBe('Nguy\u1EC5n Th\u00E9');
    // 50 "é" spelled as e + combining acute: 100 code units, 50 characters once composed.
    expect(valueOf(await sign({ name: 'e\u0301'.repeat(50) })).name).toBe('\u00E9'.repeat(50));
    expect(errorOf(await sign({ name: 'e\u0301'.repeat(51) })).fieldErrors).toEqual({
      name: 'Name must be at most 50 characters.',
    });
  });

  it('keeps line breaks in a message, turns a line or paragraph separator into one, and refuses both in a name', async () => {
    expect(valueOf(await sign({ message: 'Dear author,\r\nthanks.\nAda' })).message).toBe(
      'Dear author,\r\nthanks.\nAda',
    );
    expect(valueOf(await sign({ message: 'One\u2028two\u2029three' })).message).toBe('One\ntwo\nthree');
    for (const name of ['Ada\u2028Lovelace', 'Ada\u2029Lovelace']) {
      expect(errorOf(await sign({ name })).fieldErrors).toEqual({
        name: 'Name contains characters that are not allowed.',
      });
    }
  });

  it('accepts the riddle answer trimmed and in any case', async () => {
    for (const riddleAnswer of ['CONSOLE', '  Console  ', 'cOnSoLe']) {
      expect((await sign({ riddleAnswer })).ok).toBe(true);
    }
  });

  it('refuses a wrong riddle answer and stores nothing', async () => {
    const error = errorOf(await sign({ riddleAnswer: 'keyboard' }));
    expect(error.code).toBe('GUESTBOOK_ENTRY.WRONG_RIDDLE_ANSWER');
    expect(error.fieldErrors).toEqual({ riddleAnswer: error.message });
    expect(await stored()).toEqual([]);
  });

  it('refuses a missing riddle answer as a field error', async () => {
    expect(errorOf(await sign({ riddleAnswer: '  ' })).fieldErrors).toEqual({
      riddleAnswer: 'Riddle answer is required.',
    });
  });
});
