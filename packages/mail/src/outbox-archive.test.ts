import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from '@jest/globals';

import { OutboxFolderArchive } from './outbox-archive';

describe('OutboxFolderArchive', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  const outbox = () => {
    const dir = mkdtempSync(join(tmpdir(), 'memoir-outbox-'));
    dirs.push(dir);
    const file = (name: string, written: Date) => {
      writeFileSync(join(dir, name), 'To: reader@example.org\n\nhello\n');
      utimesSync(join(dir, name), written, written);
    };
    return { dir, file };
  };

  it('deletes the emails written before the date, keeps newer ones and other files, and counts in a dry run', async () => {
    const { dir, file } = outbox();
    file('2026-01-01-old.eml', new Date('2026-01-01T00:00:00Z'));
    file('2026-01-02-old.eml', new Date('2026-01-02T00:00:00Z'));
    file('2026-03-01-new.eml', new Date('2026-03-01T00:00:00Z'));
    file('notes.txt', new Date('2025-01-01T00:00:00Z'));
    mkdirSync(join(dir, 'old.eml'));
    const archive = new OutboxFolderArchive({ dir });
    const before = new Date('2026-02-01T00:00:00Z');

    expect(await archive.removeWrittenBefore(before, true)).toBe(2);
    expect(readdirSync(dir)).toHaveLength(5);

    expect(await archive.removeWrittenBefore(before, false)).toBe(2);
    expect(readdirSync(dir).sort()).toEqual(['2026-03-01-new.eml', 'notes.txt', 'old.eml']);
    expect(await archive.removeWrittenBefore(before, false)).toBe(0);
  });

  it('finds nothing in a folder that does not exist yet', async () => {
    const { dir } = outbox();
    expect(await new OutboxFolderArchive({ dir: join(dir, 'never-made') }).removeWrittenBefore(new Date(), false)).toBe(
      0,
    );
  });
});
