import { BookStamperBusyError, type CopyOwner } from '../src/deliveries/book-stamper';
import type { StampedCopies, StampedCopy } from '../src/deliveries/stamped-copies';
import type { Mailer, OutgoingEmail } from '../src/deliveries/mailer';
import type { PasswordHasher } from '../src/admin-sessions/password-hasher';
import type { TwoFactorSecrets } from '../src/admin-sessions/two-factor-secrets';
import type { SecretTokens } from '../src/shared/secret-tokens';
import type { RiddleAnswers, RiddleId } from '../src/riddles/riddle-answers';
import type { Clock } from '../src/shared/clock';
import type { IdGenerator } from '../src/shared/id-generator';

/** A clock that only moves when told to. */
export class ManualClock implements Clock {
  private current: Date;

  constructor(start: Date | string = '2026-01-15T12:00:00.000Z') {
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(time: Date | string): void {
    this.current = new Date(time);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** Version-4-shaped UUIDs from a counter: unique, readable in test failures, and ordered. */
export class SequentialIdGenerator implements IdGenerator {
  private counter = 0;

  next(): string {
    this.counter += 1;
    return `00000000-0000-4000-8000-${this.counter.toString(16).padStart(12, '0')}`;
  }
}

/** Riddle answers given in the test. */
export class FixedRiddleAnswers implements RiddleAnswers {
  constructor(private readonly answers: Readonly<Record<RiddleId, string>>) {}

  expectedAnswer(riddle: RiddleId): string {
    return this.answers[riddle];
  }
}

/**
 * A fast, NOT secure stand-in for a real hasher: salted and self-describing like the real
 * ones, so tests can check that a hash is not the password and differs on every call.
 */
export class FakePasswordHasher implements PasswordHasher {
  private salt = 0;
  /** How many hash or verify calls were made: tests of timing-equal paths count them. */
  calls = 0;

  async hash(password: string): Promise<string> {
    this.calls += 1;
    this.salt += 1;
    return `fake$${this.salt}$${reverse(password)}`;
  }

  async verify(password: string, passwordHash: string): Promise<boolean> {
    this.calls += 1;
    const match = /^fake\$\d+\$(.*)$/s.exec(passwordHash);
    return match !== null && match[1] === reverse(password);
  }
}

function reverse(text: string): string {
  return [...text].reverse().join('');
}

/**
 * Tokens from a counter, 43 base64url characters like real 256-bit tokens; the "hash" is
 * one-way enough for tests (the token never appears in it).
 */
export class FakeSecretTokens implements SecretTokens {
  private counter = 0;

  newToken(): string {
    this.counter += 1;
    return `tok${this.counter.toString(16).padStart(40, '0')}`;
  }

  hashOf(token: string): string {
    let h1 = 0x811c9dc5;
    let h2 = 0x1b873593;
    for (let i = 0; i < token.length; i += 1) {
      h1 = Math.imul(h1 ^ token.charCodeAt(i), 0x01000193) >>> 0;
      h2 = Math.imul(h2 ^ token.charCodeAt(i), 0x5bd1e995) >>> 0;
    }
    return `h${h1.toString(16).padStart(8, '0')}${h2.toString(16).padStart(8, '0')}`;
  }
}

/**
 * A mailer that keeps what it is given. `failWith` makes every send reject with that error
 * until it is set back to null, like an SMTP server that refuses.
 */
export class RecordingMailer implements Mailer {
  readonly sent: OutgoingEmail[] = [];
  failWith: Error | null = null;

  async send(email: OutgoingEmail): Promise<void> {
    if (this.failWith !== null) throw this.failWith;
    this.sent.push(structuredClone(email));
  }
}

/**
 * A stand-in for SHA-256 for the in-memory adapter and the tests' world: 64 hex characters,
 * deterministic, sensitive to every character. Not a cryptographic hash.
 */
export function fakeSha256(text: string): string {
  const seeds = [0x811c9dc5, 0x1b873593, 0x5bd1e995, 0xcc9e2d51, 0x27d4eb2f, 0x165667b1, 0x85ebca6b, 0xc2b2ae35];
  return seeds
    .map((seed) => {
      let h = seed;
      for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
      return h.toString(16).padStart(8, '0');
    })
    .join('');
}

/**
 * Deterministic two-factor arithmetic for tests: the code of a step is `codeAt(secret, step)`
 * (not RFC 6238; the real one is platform-node's, contract-tested there).
 */
export class FakeTwoFactorSecrets implements TwoFactorSecrets {
  private counter = 0;

  generateSecret(): string {
    this.counter += 1;
    return `SECRET${String(this.counter).padStart(10, 'A')}`;
  }

  uri(secret: string, accountName: string): string {
    return `otpauth://totp/Memoir:${encodeURIComponent(accountName)}?secret=${secret}&issuer=Memoir`;
  }

  static stepOf(now: Date): number {
    return Math.floor(now.getTime() / 30_000);
  }

  static codeAt(secret: string, step: number): string {
    return String((step * 7919 + secret.length * 104729) % 1_000_000).padStart(6, '0');
  }

  matchingStep(secret: string, code: string, now: Date): number | null {
    const step = FakeTwoFactorSecrets.stepOf(now);
    for (const candidate of [step - 1, step, step + 1]) {
      if (FakeTwoFactorSecrets.codeAt(secret, candidate) === code) return candidate;
    }
    return null;
  }

  newRecoveryCode(): string {
    this.counter += 1;
    const n = [...String(this.counter).padStart(16, '0')].map((digit) => 'abcdefghij'[Number(digit)]).join('');
    return `${n.slice(0, 4)}-${n.slice(4, 8)}-${n.slice(8, 12)}-${n.slice(12, 16)}`;
  }
}

/**
 * Kept copies in memory: records each stamping (`stamped`), can be made to fail (`failWith`)
 * or be busy (`busy`), and shares one stamping between concurrent first downloads, as the
 * file adapter does.
 */
export class InMemoryStampedCopies implements StampedCopies {
  readonly kept = new Map<string, CopyOwner>();
  /** Every stamping, in order: who each copy was for. */
  readonly stamped: Array<{ deliveryId: string; owner: CopyOwner }> = [];
  /** When set, a stamping rejects with it (a broken book, a full disk). */
  failWith: Error | null = null;
  /** When true, a stamping is refused as the pool's full queue refuses it. */
  busy = false;
  private readonly making = new Map<string, Promise<StampedCopy>>();

  getOrMake(deliveryId: string, owner: CopyOwner): Promise<StampedCopy> {
    if (this.kept.has(deliveryId)) return Promise.resolve(this.copyOf(deliveryId));
    const inFlight = this.making.get(deliveryId);
    if (inFlight !== undefined) return inFlight;
    if (this.busy) return Promise.reject(new BookStamperBusyError());
    const made = (async () => {
      await Promise.resolve(); // a stamping takes a while: concurrent callers meet here
      this.stamped.push({ deliveryId, owner });
      if (this.failWith !== null) throw this.failWith;
      this.kept.set(deliveryId, owner);
      return this.copyOf(deliveryId);
    })().finally(() => this.making.delete(deliveryId));
    this.making.set(deliveryId, made);
    return made;
  }

  async remove(deliveryIds: readonly string[]): Promise<void> {
    for (const id of deliveryIds) this.kept.delete(id);
  }

  async list(): Promise<string[]> {
    return [...this.kept.keys()];
  }

  private copyOf(deliveryId: string): StampedCopy {
    return { deliveryId, path: `memory:${deliveryId}.pdf` };
  }
}
