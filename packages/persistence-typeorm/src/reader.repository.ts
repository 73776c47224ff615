import {
  readerKey,
  type ConfirmationRecord,
  type Reader,
  type ReaderLeavingWay,
  type ReaderRepository,
  type ReaderToken,
  type SignUpRecord,
} from '@memoir/domain';
import type { EntityManager } from 'typeorm';

import { isKey, type Dialect } from './dialect';
import { ReaderSchema, ReaderTokenSchema, type ReaderRow } from './reader-schemas';

const toReader = (row: ReaderRow): Reader => ({ ...row });

export class TypeOrmReaderRepository implements ReaderRepository {
  constructor(
    private readonly manager: EntityManager,
    private readonly dialect: Dialect,
  ) {}

  async addIfNew(reader: Reader): Promise<boolean> {
    // One statement that keeps the first row of an address (the unique email_key): of concurrent sign-ups, one is stored.
    await this.manager
      .createQueryBuilder()
      .insert()
      .into(ReaderSchema)
      .values({ ...reader, emailKey: readerKey(reader.email) })
      .orIgnore()
      .updateEntity(false)
      .execute();
    const kept = await this.manager.findOne(ReaderSchema, {
      select: { id: true },
      where: { emailKey: readerKey(reader.email) },
    });
    return kept?.id === reader.id;
  }

  async findByEmail(email: string): Promise<Reader | null> {
    const key = readerKey(email);
    if (!isKey(key)) return null;
    const row = await this.manager.findOneBy(ReaderSchema, { emailKey: key });
    return row === null ? null : toReader(row);
  }

  async findById(id: string): Promise<Reader | null> {
    if (!isKey(id)) return null;
    const row = await this.manager.findOneBy(ReaderSchema, { id });
    return row === null ? null : toReader(row);
  }

  async confirm(id: string, record: ConfirmationRecord): Promise<boolean> {
    return this.change(id, `status = 'pending'`, {
      status: 'confirmed',
      confirmedAt: record.at,
      confirmIp: record.ip,
      confirmUserAgent: record.userAgent,
      confirmationsSent: 0,
    });
  }

  async unsubscribe(id: string, at: Date, by: ReaderLeavingWay): Promise<boolean> {
    return this.change(id, `status IN ('pending', 'confirmed')`, {
      status: 'unsubscribed',
      unsubscribedAt: at,
      unsubscribedBy: by,
    });
  }

  async signUpAgain(id: string, record: SignUpRecord): Promise<boolean> {
    return this.change(id, `status = 'unsubscribed'`, {
      ...record,
      status: 'pending',
      confirmedAt: null,
      confirmIp: null,
      confirmUserAgent: null,
    });
  }

  async countConfirmation(id: string, at: Date, max: number, notAfter: Date): Promise<number | null> {
    if (!isKey(id)) return null;
    // One conditional UPDATE: the database holds both caps against concurrent sign-ups.
    const result = await this.manager
      .createQueryBuilder()
      .update(ReaderSchema)
      .set({ confirmationsSent: () => 'confirmations_sent + 1', lastConfirmationAt: at })
      .where(
        'id = :id AND confirmations_sent < :max AND (last_confirmation_at IS NULL OR last_confirmation_at <= :notAfter)',
        {
          id,
          max,
          notAfter: this.dialect.time(notAfter),
        },
      )
      .execute();
    if ((result.affected ?? 0) === 0) return null;
    const row = await this.manager.findOne(ReaderSchema, { select: { confirmationsSent: true }, where: { id } });
    return row?.confirmationsSent ?? null;
  }

  async addToken(token: ReaderToken): Promise<void> {
    await this.manager.insert(ReaderTokenSchema, { ...token });
  }

  async findToken(tokenHash: string): Promise<ReaderToken | null> {
    if (!isKey(tokenHash)) return null;
    const row = await this.manager.findOneBy(ReaderTokenSchema, { tokenHash });
    return row === null ? null : { ...row };
  }

  async useToken(tokenHash: string, at: Date): Promise<boolean> {
    if (!isKey(tokenHash)) return false;
    // One conditional UPDATE: of concurrent uses of one link, exactly one changes the row.
    const result = await this.manager
      .createQueryBuilder()
      .update(ReaderTokenSchema)
      .set({ usedAt: at })
      .where('token_hash = :tokenHash AND used_at IS NULL AND (expires_at IS NULL OR expires_at > :at)', {
        tokenHash,
        at: this.dialect.time(at),
      })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async deletePendingSignedUpBefore(before: Date): Promise<number> {
    // Their links go with them (ON DELETE CASCADE).
    const result = await this.manager
      .createQueryBuilder()
      .delete()
      .from(ReaderSchema)
      .where(`status = 'pending' AND signed_up_at < :before`, { before: this.dialect.time(before) })
      .execute();
    return result.affected ?? 0;
  }

  async deleteByEmail(email: string): Promise<boolean> {
    const key = readerKey(email);
    if (!isKey(key)) return false;
    const result = await this.manager.delete(ReaderSchema, { emailKey: key });
    return (result.affected ?? 0) > 0;
  }

  /** One conditional UPDATE from the states `when` allows. */
  private async change(id: string, when: string, fields: Partial<ReaderRow>): Promise<boolean> {
    if (!isKey(id)) return false;
    const result = await this.manager
      .createQueryBuilder()
      .update(ReaderSchema)
      .set(fields)
      .where(`id = :id AND ${when}`, { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
