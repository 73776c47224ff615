import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from '@jest/globals';

import { INTENDED_KEY, SECRET_PHRASES } from '../crackme/intended-key';

// The page itself advertises the prize ("a signed hardcover"); everything else the key reveals is secret.
const REVEALED_BY_THE_KEY = SECRET_PHRASES.filter((phrase) => phrase !== 'signed hardcover');

const DIST = join(__dirname, '..', 'dist');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });

describe('the published site', () => {
  it('holds the crackme download, but neither its key nor its secret message, anywhere', () => {
    const published = files(DIST);
    expect(published.map((path) => path.slice(DIST.length))).toContain('/downloads/memoir-crackme');
    const needles = [INTENDED_KEY, INTENDED_KEY.toLowerCase(), ...REVEALED_BY_THE_KEY].map((text) => Buffer.from(text));
    const leaks = published.flatMap((path) => {
      const bytes = readFileSync(path);
      return needles.filter((needle) => bytes.includes(needle)).map((needle) => `${path}: ${needle.toString()}`);
    });
    expect(leaks).toEqual([]);
  });
});
