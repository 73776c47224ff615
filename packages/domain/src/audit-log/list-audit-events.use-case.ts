import { everyItem, normalizeSearch, readPage, readPaging, type ListQuery } from '../shared/list-page';
import { invalidFilter, type ListError } from '../shared/list.errors';
import { err, ok, type Result } from '../shared/result';
import { AuditAction, AuditResourceType, type AuditEvent } from './audit-event';
import type { AuditEventRepository, AuditListFilter } from './audit-event.repository';

/** What the owner asks of the audit log; everything optional. `q` is text in the details, the resource id or the address. */
export interface AuditLogQuery extends ListQuery {
  /** One of AuditAction's values. */
  readonly action?: string | null;
  /** One of AuditResourceType's values. */
  readonly resourceType?: string | null;
  /** The acting admin's username. */
  readonly actor?: string | null;
  /** ISO 8601; `from` inclusive, `to` exclusive. */
  readonly from?: string | null;
  readonly to?: string | null;
}

export interface AuditLogPage {
  readonly events: readonly AuditEvent[];
  /** Give as `before` to read the next, older page; null when this page is the last. */
  readonly nextCursor: string | null;
}

const ACTIONS: readonly string[] = Object.values(AuditAction);
const RESOURCE_TYPES: readonly string[] = Object.values(AuditResourceType);
/** A date (2026-11-21) or a date and time with a zone (2026-11-21T10:00:00Z, +02:00). */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;
const EXPORT_BATCH = 500;

/** The audit trail, newest first, a page at a time, filtered as the owner asks. */
export class ListAuditEventsUseCase {
  constructor(
    private readonly deps: {
      readonly auditEvents: AuditEventRepository;
      /** The admins by username (the admin-user repository): the trail knows its actors by id. */
      readonly adminUsers: { findByUsername(username: string): Promise<{ readonly id: string } | null> };
    },
  ) {}

  async execute(query: AuditLogQuery = {}): Promise<Result<AuditLogPage, ListError>> {
    const paging = readPaging(query);
    if (!paging.ok) return paging;
    const filter = await this.filterOf(query);
    if (!filter.ok) return filter;
    if (filter.value === null) return ok({ events: [], nextCursor: null });
    const { limit, before } = paging.value;
    const page = await readPage(limit, (take) =>
      this.deps.auditEvents.listNewestFirst({
        limit: take,
        filter: filter.value ?? {},
        ...(before === undefined ? {} : { before }),
      }),
    );
    return ok({ events: page.items, nextCursor: page.nextCursor });
  }

  /**
   * Every event the query's filter matches (its limit and cursor ignored), newest first, read a
   * page at a time; an actor nobody has gives none.
   */
  async exportAll(query: AuditLogQuery = {}): Promise<Result<AsyncGenerator<AuditEvent>, ListError>> {
    const filter = await this.filterOf(query);
    if (!filter.ok) return filter;
    const matching = filter.value;
    return ok(
      everyItem(EXPORT_BATCH, async (limit, before) =>
        matching === null
          ? []
          : this.deps.auditEvents.listNewestFirst({
              limit,
              filter: matching,
              ...(before === undefined ? {} : { before }),
            }),
      ),
    );
  }

  /** The store's filter; null when nothing can match (an actor who is no admin). */
  private async filterOf(query: AuditLogQuery): Promise<Result<AuditListFilter | null, ListError>> {
    const given = (value: string | null | undefined) =>
      value === null || value === undefined || value.trim() === '' ? null : value.trim();
    const action = given(query.action);
    if (action !== null && !ACTIONS.includes(action)) {
      // The list is long (docs/domain.md and the OpenAPI document name every action).
      return err(invalidFilter('There is no such action: see the list of audit actions in the API reference.'));
    }
    const resourceType = given(query.resourceType);
    if (resourceType !== null && !RESOURCE_TYPES.includes(resourceType)) {
      return err(
        invalidFilter(`There is no such resource type. The resource types are: ${RESOURCE_TYPES.join(', ')}.`),
      );
    }
    const dates: Record<'from' | 'to', Date | null> = { from: null, to: null };
    for (const bound of ['from', 'to'] as const) {
      const text = given(query[bound]);
      if (text === null) continue;
      const date = ISO_8601.test(text) ? new Date(text) : new Date(Number.NaN);
      if (Number.isNaN(date.getTime())) {
        return err(invalidFilter(`The "${bound}" filter must be a date such as 2026-11-21 or 2026-11-21T10:00:00Z.`));
      }
      dates[bound] = date;
    }
    let userId: string | undefined;
    const actor = given(query.actor);
    if (actor !== null) {
      const user = await this.deps.adminUsers.findByUsername(actor);
      if (user === null) return ok(null);
      userId = user.id;
    }
    const search = normalizeSearch(query.q);
    return ok({
      ...(action === null ? {} : { action }),
      ...(resourceType === null ? {} : { resourceType }),
      ...(userId === undefined ? {} : { userId }),
      ...(dates.from === null ? {} : { from: dates.from }),
      ...(dates.to === null ? {} : { to: dates.to }),
      ...(search === null ? {} : { search }),
    });
  }
}
