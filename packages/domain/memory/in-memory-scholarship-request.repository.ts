import type { ScholarshipDecision, ScholarshipRequest } from '../src/scholarships/scholarship-request';
import type { PendingAge, ScholarshipRequestRepository } from '../src/scholarships/scholarship-request.repository';
import type { ReviewAnswer, ReviewReminder, ReviewSummary } from '../src/scholarships/review-reminder';
import { copy } from './in-memory-database';
import { InMemoryReviewQueue, type InMemoryReviewQueueTable } from './in-memory-review-queue';

const SCHOLARSHIP_QUEUE: InMemoryReviewQueueTable<ScholarshipRequest, 'status'> = {
  filter: 'status',
  noun: 'scholarship request',
  rows: (db) => db.scholarshipRequests,
  stateOf: (request) => request.status,
  searched: (request) => [request.name, request.email, request.message, request.adminNotes],
  decidedAt: (request) => request.decidedAt,
  deliveryKey: 'requestId',
};

export class InMemoryScholarshipRequestRepository
  extends InMemoryReviewQueue<ScholarshipRequest, 'status'>
  implements ScholarshipRequestRepository
{
  protected readonly table = SCHOLARSHIP_QUEUE;

  countByStatus() {
    return this.countPerState();
  }

  // No await between the check and the write: atomic on a single-threaded event loop.
  async decideIfPending(id: string, decision: ScholarshipDecision): Promise<ScholarshipRequest | null> {
    const request = this.rows.get(id);
    if (request === undefined || request.status !== 'pending') return null;
    const decided: ScholarshipRequest = { ...request, ...decision };
    this.rows.set(id, copy(decided));
    return copy(decided);
  }

  async pendingAge(overdueBefore: Date): Promise<PendingAge> {
    const pending = [...this.rows.values()].filter((request) => request.status === 'pending');
    const times = pending.map((request) => request.createdAt.getTime());
    return {
      overdue: times.filter((time) => time < overdueBefore.getTime()).length,
      oldestPendingAt: times.length === 0 ? null : new Date(Math.min(...times)),
    };
  }

  deleteRejectedDecidedBefore(before: Date): Promise<number> {
    return this.deleteRejectedBefore(before);
  }

  async listByEmail(email: string): Promise<ScholarshipRequest[]> {
    const wanted = email.toLowerCase();
    return [...this.rows.values()]
      .filter((request) => request.email.toLowerCase() === wanted)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map(copy);
  }

  async anonymise(id: string, standIn: { readonly name: string; readonly email: string }): Promise<boolean> {
    const request = this.rows.get(id);
    if (request === undefined) return false;
    this.rows.set(id, { ...request, ...standIn, message: null, adminNotes: null });
    return true;
  }

  async listDueReviewReminders(downloadedBy: Date, limit: number): Promise<string[]> {
    const downloadedIn = new Set(
      this.db.deliveryEvents
        .filter((event) => event.kind === 'downloaded' && event.at.getTime() <= downloadedBy.getTime())
        .map((event) => this.db.deliveries.get(event.deliveryId)?.requestId),
    );
    return [...this.rows.values()]
      .filter((request) => request.reviewReminder && !this.db.reviewReminders.has(request.id))
      .filter((request) => downloadedIn.has(request.id))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .slice(0, limit)
      .map((request) => request.id);
  }

  async startReviewReminder(requestId: string, at: Date): Promise<boolean> {
    if (!this.rows.has(requestId) || this.db.reviewReminders.has(requestId)) return false;
    this.db.reviewReminders.set(requestId, {
      requestId,
      queuedAt: at,
      sentAt: null,
      answer: null,
      answeredAt: null,
      tokenHash: null,
    });
    return true;
  }

  async attachReviewToken(requestId: string, tokenHash: string): Promise<void> {
    this.changeReminder(requestId, (reminder) => ({ ...reminder, tokenHash }));
  }

  async markReviewReminderSent(requestId: string, at: Date): Promise<void> {
    this.changeReminder(requestId, (reminder) => ({ ...reminder, sentAt: at }));
  }

  async findReviewReminderByTokenHash(tokenHash: string) {
    const found = [...this.db.reviewReminders.values()].find(
      (reminder) => tokenHash !== '' && reminder.tokenHash === tokenHash,
    );
    return found === undefined ? null : copy({ ...found, tokenHash });
  }

  async answerReviewReminder(requestId: string, answer: ReviewAnswer, at: Date): Promise<boolean> {
    const reminder = this.db.reviewReminders.get(requestId);
    if (reminder === undefined || reminder.answer !== null) return false;
    this.db.reviewReminders.set(requestId, { ...reminder, answer, answeredAt: at });
    return true;
  }

  async listReviewReminders(requestIds: readonly string[]): Promise<ReviewReminder[]> {
    return requestIds.flatMap((id) => {
      const found = this.db.reviewReminders.get(id);
      if (found === undefined) return [];
      const { tokenHash: _hidden, ...reminder } = found;
      return [copy(reminder)];
    });
  }

  async forgetReviewReminders(requestIds: readonly string[]): Promise<number> {
    let removed = 0;
    for (const id of requestIds) {
      const request = this.rows.get(id);
      if (request !== undefined) this.rows.set(id, { ...request, reviewReminder: false });
      if (this.db.reviewReminders.delete(id)) removed += 1;
    }
    return removed;
  }

  async reviewSummary(): Promise<ReviewSummary> {
    const approvals = [...this.db.deliveries.values()].filter(
      (delivery) => delivery.kind === 'approval' && delivery.downloadCount > 0,
    );
    const reminders = [...this.db.reviewReminders.values()];
    return {
      downloads: approvals.reduce((sum, delivery) => sum + delivery.downloadCount, 0),
      downloadedBy: new Set(approvals.map((delivery) => delivery.requestId)).size,
      remindersSent: reminders.filter((reminder) => reminder.sentAt !== null).length,
      reviewed: reminders.filter((reminder) => reminder.answer === 'reviewed').length,
      declined: reminders.filter((reminder) => reminder.answer === 'declined').length,
    };
  }

  private changeReminder(
    requestId: string,
    change: (reminder: ReviewReminder & { readonly tokenHash: string | null }) => ReviewReminder & {
      readonly tokenHash: string | null;
    },
  ): void {
    const reminder = this.db.reviewReminders.get(requestId);
    if (reminder !== undefined) this.db.reviewReminders.set(requestId, change(reminder));
  }
}
