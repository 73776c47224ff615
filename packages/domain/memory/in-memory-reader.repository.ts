import { readerKey, type Reader, type ReaderLeavingWay, type ReaderStatus } from '../src/readers/reader';
import type { ReaderToken } from '../src/readers/reader-token';
import type {
  ConfirmationRecord,
  ConfirmedOnDay,
  ReaderListFilter,
  ReaderRepository,
  SignUpRecord,
} from '../src/readers/reader.repository';
import type { Announcement, AnnouncementProgress } from '../src/readers/announcement';
import { containsText, copy, newestFirst, pageOf, type InMemoryDatabase, type PageRequest } from './in-memory-database';

export class InMemoryReaderRepository implements ReaderRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async addIfNew(reader: Reader): Promise<boolean> {
    if (this.byKey(reader.emailKey) !== undefined) return false;
    this.db.readers.set(reader.id, copy(reader));
    return true;
  }

  async findByEmail(email: string): Promise<Reader | null> {
    const found = this.byKey(readerKey(email));
    return found === undefined ? null : copy(found);
  }

  async findById(id: string): Promise<Reader | null> {
    const found = this.db.readers.get(id);
    return found === undefined ? null : copy(found);
  }

  async confirm(id: string, record: ConfirmationRecord): Promise<boolean> {
    return this.change(id, ['pending'], {
      status: 'confirmed',
      confirmedAt: record.at,
      confirmIp: record.ip,
      confirmUserAgent: record.userAgent,
      confirmationsSent: 0,
    });
  }

  async unsubscribe(id: string, at: Date, by: ReaderLeavingWay): Promise<boolean> {
    return this.change(id, ['pending', 'confirmed'], {
      status: 'unsubscribed',
      unsubscribedAt: at,
      unsubscribedBy: by,
    });
  }

  async signUpAgain(id: string, record: SignUpRecord): Promise<boolean> {
    return this.change(id, ['unsubscribed'], {
      ...record,
      status: 'pending',
      confirmedAt: null,
      confirmIp: null,
      confirmUserAgent: null,
    });
  }

  async countConfirmation(id: string, at: Date, max: number, notAfter: Date): Promise<number | null> {
    const reader = this.db.readers.get(id);
    if (reader === undefined || reader.confirmationsSent >= max) return null;
    if (reader.lastConfirmationAt !== null && reader.lastConfirmationAt.getTime() > notAfter.getTime()) return null;
    const confirmationsSent = reader.confirmationsSent + 1;
    this.db.readers.set(id, { ...reader, confirmationsSent, lastConfirmationAt: at });
    return confirmationsSent;
  }

  async addToken(token: ReaderToken): Promise<void> {
    this.db.readerTokens.set(token.tokenHash, copy(token));
  }

  async findToken(tokenHash: string): Promise<ReaderToken | null> {
    const found = tokenHash === '' ? undefined : this.db.readerTokens.get(tokenHash);
    return found === undefined ? null : copy(found);
  }

  async useToken(tokenHash: string, at: Date): Promise<boolean> {
    const token = this.db.readerTokens.get(tokenHash);
    if (token === undefined || token.usedAt !== null) return false;
    if (token.expiresAt !== null && token.expiresAt.getTime() <= at.getTime()) return false;
    this.db.readerTokens.set(tokenHash, { ...token, usedAt: at });
    return true;
  }

  async deletePendingSignedUpBefore(before: Date): Promise<number> {
    const gone = [...this.db.readers.values()].filter(
      (reader) => reader.status === 'pending' && reader.signedUpAt.getTime() < before.getTime(),
    );
    for (const reader of gone) this.delete(reader.id);
    return gone.length;
  }

  async listPage(filter: ReaderListFilter, page: PageRequest): Promise<Reader[]> {
    const matches = (row: { reader: Reader }) =>
      (filter.status === undefined || row.reader.status === filter.status) &&
      containsText(filter.search, [row.reader.email, row.reader.name]);
    // Ordered as a newest-first list whose time is the sign-up's.
    const rows = [...this.db.readers.values()].map((reader) => ({
      createdAt: reader.signedUpAt,
      id: reader.id,
      reader,
    }));
    return pageOf(rows, matches, page).map((row) => row.reader);
  }

  async countByStatus(): Promise<Readonly<Record<ReaderStatus, number>>> {
    const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
    for (const reader of this.db.readers.values()) counts[reader.status] += 1;
    return counts;
  }

  async confirmedPerDay(since: Date): Promise<ConfirmedOnDay[]> {
    const perDay = new Map<string, number>();
    for (const { confirmedAt } of this.db.readers.values()) {
      if (confirmedAt === null || confirmedAt.getTime() < since.getTime()) continue;
      const day = confirmedAt.toISOString().slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    return [...perDay].sort(([a], [b]) => a.localeCompare(b)).map(([day, confirmed]) => ({ day, confirmed }));
  }

  async deleteByEmail(email: string): Promise<boolean> {
    const reader = this.byKey(readerKey(email));
    if (reader === undefined) return false;
    this.delete(reader.id);
    return true;
  }

  async addAnnouncement(announcement: Announcement): Promise<void> {
    this.db.announcements.set(announcement.id, copy(announcement));
  }

  async findAnnouncement(id: string): Promise<Announcement | null> {
    const found = this.db.announcements.get(id);
    return found === undefined ? null : copy(found);
  }

  async listAnnouncements(limit: number): Promise<Announcement[]> {
    return [...this.db.announcements.values()]
      .filter((announcement) => !announcement.test)
      .sort(newestFirst)
      .slice(0, Math.max(0, limit))
      .map(copy);
  }

  async listAnnouncementsQueuing(): Promise<Announcement[]> {
    return [...this.db.announcements.values()]
      .filter((announcement) => !announcement.test && announcement.queuedAt === null)
      .map(copy);
  }

  async recordAnnouncementProgress(id: string, progress: AnnouncementProgress): Promise<void> {
    const announcement = this.db.announcements.get(id);
    if (announcement === undefined || progress.queuedCount < announcement.queuedCount) return;
    this.db.announcements.set(id, copy({ ...announcement, ...progress }));
  }

  async listListMailRecipients(afterId: string | null, limit: number): Promise<Array<{ id: string }>> {
    return [...this.db.readers.values()]
      .filter((reader) => reader.status === 'confirmed' && !this.db.suppressions.has(reader.emailKey))
      .filter((reader) => afterId === null || reader.id > afterId)
      .map((reader) => reader.id)
      .sort()
      .slice(0, Math.max(0, limit))
      .map((id) => ({ id }));
  }

  private byKey(emailKey: string): Reader | undefined {
    return [...this.db.readers.values()].find((reader) => reader.emailKey === emailKey);
  }

  private change(id: string, from: readonly Reader['status'][], fields: Partial<Reader>): boolean {
    const reader = this.db.readers.get(id);
    if (reader === undefined || !from.includes(reader.status)) return false;
    this.db.readers.set(id, copy({ ...reader, ...fields }));
    return true;
  }

  private delete(id: string): void {
    this.db.readers.delete(id);
    for (const [hash, token] of this.db.readerTokens) if (token.readerId === id) this.db.readerTokens.delete(hash);
  }
}
