import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { basename, join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { BookStamperBusyError, type CopyOwner, type QueuedBookStamper } from '@memoir/domain';

import { FileStampedCopies } from './file-stamped-copies';

const ADA = { name: 'Ada Lovelace', email: 'ada@example.org' };
const ID = '00000000-0000-4000-8000-00000000000a';

/** A stamper that records its stamps; `next` decides each copy's outcome. */
function stamper(next: () => 'copy' | 'fail' | 'busy' = () => 'copy') {
  const stamps: string[] = [];
  const queued: QueuedBookStamper = {
    stamp: () => Promise.reject(new Error('the adapter stamps in a place it holds')),
    reserve: () => {
      const outcome = next();
      if (outcome === 'busy') throw new BookStamperBusyError();
      return {
        stamp: async (owner: CopyOwner) => {
          stamps.push(owner.name);
          await new Promise((resolve) => setTimeout(resolve, 5));
          if (outcome === 'fail') throw new Error('No space left on device');
          return new TextEncoder().encode(`%PDF-1.7 for ${owner.name}`);
        },
        release: () => undefined,
      };
    },
  };
  return { stamps, queued };
}

describe('FileStampedCopies', () => {
  let root: string;
  let dir: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'copies-test-'));
    dir = join(root, 'copies');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('stamps a copy once, however many ask at once, and keeps it owner-only', async () => {
    const { stamps, queued } = stamper();
    const copies = new FileStampedCopies({ dir, stamper: queued });
    const made = await Promise.all([copies.getOrMake(ID, ADA), copies.getOrMake(ID, ADA), copies.getOrMake(ID, ADA)]);
    expect(new Set(made.map((copy) => copy.path)).size).toBe(1);
    expect(await copies.getOrMake(ID, ADA)).toEqual(made[0]);
    expect(stamps).toEqual(['Ada Lovelace']);
    expect(readFileSync(made[0]?.path ?? '', 'utf8')).toBe('%PDF-1.7 for Ada Lovelace');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(made[0]?.path ?? '').mode & 0o777).toBe(0o600);
    expect(await copies.list()).toEqual([ID]);
    // A second adapter on the same folder (another process) finds the copy without stamping.
    const other = stamper();
    expect(await new FileStampedCopies({ dir, stamper: other.queued }).getOrMake(ID, ADA)).toEqual(made[0]);
    expect(other.stamps).toEqual([]);
  });

  it('keeps nothing when a stamp fails, and says why; a busy stamper is no failure to report', async () => {
    const outcomes: Array<'fail' | 'busy' | 'copy'> = ['fail', 'busy', 'copy'];
    const { queued } = stamper(() => outcomes.shift() ?? 'copy');
    const failures: string[] = [];
    const copies = new FileStampedCopies({
      dir,
      stamper: queued,
      onStampFailed: (id, error) => failures.push(`${id}: ${(error as Error).message}`),
    });
    await expect(copies.getOrMake(ID, ADA)).rejects.toThrow('No space left on device');
    await expect(copies.getOrMake(ID, ADA)).rejects.toBeInstanceOf(BookStamperBusyError);
    expect(failures).toEqual([`${ID}: No space left on device`]);
    expect(await copies.list()).toEqual([]);
    await copies.getOrMake(ID, ADA);
    expect(readdirSync(dir)).toEqual([`${ID}.pdf`]); // no temporary file left behind
  });

  it('lets a stamper that writes files make the copy itself, under the temporary name, and removes it when that fails', async () => {
    const written: string[] = [];
    let fail = true;
    const queued: QueuedBookStamper = {
      stamp: () => Promise.reject(new Error('the adapter stamps in a place it holds')),
      reserve: () => ({
        stamp: () => Promise.reject(new Error('a file-writing place is asked for a file')),
        stampToFile: async (owner: CopyOwner, path: string) => {
          written.push(path);
          writeFileSync(path, `%PDF-1.7 written for ${owner.name}`, { mode: 0o600, flag: 'wx' });
          if (fail) throw new Error('No space left on device');
        },
        release: () => undefined,
      }),
    };
    const copies = new FileStampedCopies({ dir, stamper: queued });

    await expect(copies.getOrMake(ID, ADA)).rejects.toThrow('No space left on device');
    expect(readdirSync(dir)).toEqual([]); // the half-made copy went
    fail = false;
    const made = await copies.getOrMake(ID, ADA);
    expect(written.map((path) => basename(path).startsWith(`.${ID}.`))).toEqual([true, true]);
    expect(readFileSync(made.path, 'utf8')).toBe('%PDF-1.7 written for Ada Lovelace');
    expect(readdirSync(dir)).toEqual([`${ID}.pdf`]);
  });

  it("makes a copy once across processes: a second asking meanwhile waits for the first one's copy", async () => {
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = stamper();
    const gated: QueuedBookStamper = {
      ...first.queued,
      reserve: () => {
        const place = first.queued.reserve();
        return { ...place, stamp: async (owner) => gate.then(() => place.stamp(owner)) };
      },
    };
    const making = new FileStampedCopies({ dir, stamper: gated }).getOrMake(ID, ADA);
    const mark = join(dir, `.${ID}.making`);
    while (!existsSync(mark)) await new Promise((resolve) => setImmediate(resolve));

    const second = stamper();
    const waiting = new FileStampedCopies({ dir, stamper: second.queued, pollMs: 5 }).getOrMake(ID, ADA);
    release();
    const [made, found] = await Promise.all([making, waiting]);
    expect(found).toEqual(made);
    expect([first.stamps, second.stamps]).toEqual([['Ada Lovelace'], []]);
    expect(readdirSync(dir)).toEqual([`${ID}.pdf`]); // the mark went with the copy made
  });

  it('takes over the mark of a process of this host that is gone, and one too old from elsewhere', async () => {
    mkdirSync(dir, { recursive: true });
    const mark = join(dir, `.${ID}.making`);
    writeFileSync(mark, `${hostname()} 2147483646`); // no such process
    const { stamps, queued } = stamper();
    await new FileStampedCopies({ dir, stamper: queued }).getOrMake(ID, ADA);
    expect(stamps).toEqual(['Ada Lovelace']);

    const other = '00000000-0000-4000-8000-00000000000b';
    const old = join(dir, `.${other}.making`);
    writeFileSync(old, 'another-host 1');
    utimesSync(old, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    await new FileStampedCopies({ dir, stamper: queued, makingStaleMs: 30_000 }).getOrMake(other, ADA);
    expect(stamps).toEqual(['Ada Lovelace', 'Ada Lovelace']);
    expect(readdirSync(dir).sort()).toEqual([`${ID}.pdf`, `${other}.pdf`]);
  });

  it('removes copies, and never takes anything but a delivery id for a file name', async () => {
    const copies = new FileStampedCopies({ dir, stamper: stamper().queued });
    await copies.getOrMake(ID, ADA);
    await copies.remove(['../../etc/passwd', ID, '00000000-0000-4000-8000-0000000000ff']);
    expect(await copies.list()).toEqual([]);
    await expect(copies.getOrMake('../secret', ADA)).rejects.toThrow('Not a delivery id');
  });
});
