import type { CapabilitySummary } from '@memoir/domain';
import { LessThan, type EntityManager, type EntitySchema, type FindOptionsOrder, type FindOptionsWhere } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

import { isKey, type Dialect } from './dialect';
import { newestFirstPage, olderThan, seekingAlong, type PageRequest } from './newest-first';
import { containing, type SearchIndex } from './search';
import { count, createdIn, insertWithoutReselect } from './statements';

/**
 * The review queue: what guestbook moderation and scholarship decisions keep alike. Each is a
 * table of submissions in three states, listed a page at a time by state and search, counted
 * per state for the tabs and the dashboard, and thinned by retention. The two repositories
 * extend it and add what only they do.
 */

/** A queue's three states: a guestbook entry's class, a scholarship request's status. */
export type ReviewState = 'pending' | 'approved' | 'rejected';

/** A list's filter: a state, under the queue's own name for it (`Key`), and a search. */
export type ReviewQueueFilter<Key extends string> = { readonly [K in Key]?: ReviewState } & {
  readonly search?: string;
};

/** What tells one queue's table from the other's. */
export interface ReviewQueueTable<Row extends { id: string; createdAt: Date }, Item, Key extends string> {
  readonly schema: EntitySchema<Row>;
  /** The queries' name for the table (MySQL's query plans show it). */
  readonly alias: string;
  /** A new item as a row. */
  readonly toRow: (item: Item) => QueryDeepPartialEntity<Row>;
  /** A row as the domain's item: fields copied, so no ORM object (or a driver's 0/1) leaks out. */
  readonly toItem: (row: Row) => Item;
  /**
   * The state: its name in a list's filter, its property and column, and the (column,
   * created_at, id) index a state's list reads.
   */
  readonly state: {
    readonly filter: Key;
    readonly property: keyof Row & string;
    readonly column: string;
    readonly index: string;
  };
  /** When an item was decided: retention deletes the rejected ones decided long ago. */
  readonly decidedAt: keyof Row & string;
  /** The dashboard's pending count, answered from an index: a condition and its one parameter. */
  readonly pending: (q: Dialect['id']) => { readonly where: string; readonly parameter: unknown };
  /** The search's columns and index; its `table` is this table's name. */
  readonly search: SearchIndex;
}

export abstract class TypeOrmReviewQueue<Row extends { id: string; createdAt: Date }, Item, Key extends string> {
  /** The queue's table: given by each repository. */
  protected abstract readonly table: ReviewQueueTable<Row, Item, Key>;

  constructor(
    protected readonly manager: EntityManager,
    protected readonly dialect: Dialect,
  ) {}

  async add(item: Item): Promise<void> {
    await insertWithoutReselect(this.manager, this.table.schema, this.table.toRow(item));
  }

  async findById(id: string): Promise<Item | null> {
    if (!isKey(id)) return null;
    const row = await this.manager.findOneBy(this.table.schema, { id } as FindOptionsWhere<Row>);
    return row === null ? null : this.table.toItem(row);
  }

  async listAll(): Promise<Item[]> {
    const order = { createdAt: 'DESC', id: 'DESC' } as FindOptionsOrder<Row>;
    return (await this.manager.find(this.table.schema, { order })).map(this.table.toItem);
  }

  async summarize(since: Date): Promise<CapabilitySummary> {
    const q = this.dialect.id;
    const table = q(this.table.search.table);
    const pending = this.table.pending(q);
    // Three counts in one round trip, each answered from an index rather than a table scan.
    const [row] = (await this.manager.query(
      `SELECT (SELECT COUNT(*) FROM ${table}) AS total,
              (SELECT COUNT(*) FROM ${table} WHERE ${pending.where}) AS pending,
              (SELECT COUNT(*) FROM ${table} WHERE ${q('created_at')} >= ?) AS createdSince`,
      [pending.parameter, this.dialect.time(since)],
    )) as Array<{ total: unknown; pending: unknown; createdSince: unknown }>;
    return { total: count(row?.total), pending: count(row?.pending), createdSince: count(row?.createdSince) };
  }

  async listCreatedBetween(from: Date, to: Date, limit: number): Promise<Item[]> {
    const rows = await this.manager.find(this.table.schema, {
      where: { createdAt: createdIn(from, to) } as FindOptionsWhere<Row>,
      order: { createdAt: 'ASC', id: 'ASC' } as FindOptionsOrder<Row>,
      take: Math.max(0, limit),
    });
    return rows.map(this.table.toItem);
  }

  /** A page of the items in the filter's state (any, when none) that contain its search, newest first. */
  async listPage(filter: ReviewQueueFilter<Key>, page: PageRequest): Promise<Item[]> {
    const { alias, schema } = this.table;
    const state: ReviewState | undefined = filter[this.table.state.filter];
    let query = this.manager.createQueryBuilder(schema, alias);
    if (state !== undefined) query = query.andWhere(`${alias}.${this.table.state.property} = :state`, { state });
    const place = { manager: this.manager, dialect: this.dialect, alias, searchIndex: this.table.search };
    const searched = await containing(query, place, filter.search);
    query = olderThan(searched.query, this.dialect, alias, page.before);
    if (state !== undefined) {
      query = seekingAlong(query, this.dialect, this.table.state.index, { ...page, textIndex: searched.textIndex });
    }
    return (await newestFirstPage(query, alias, page.limit).getMany()).map(this.table.toItem);
  }

  /** How many items each state holds: one count per state, each from the state's index. */
  protected async countPerState(): Promise<Readonly<Record<ReviewState, number>>> {
    const q = this.dialect.id;
    const state = q(this.table.state.column);
    const rows = (await this.manager.query(
      `SELECT ${state} AS state, COUNT(*) AS n FROM ${q(this.table.search.table)} GROUP BY ${state}`,
    )) as Array<{ state: string; n: unknown }>;
    const counts = { pending: 0, approved: 0, rejected: 0 };
    for (const row of rows) if (row.state in counts) counts[row.state as ReviewState] = count(row.n);
    return counts;
  }

  /** Retention: deletes the rejected items decided before `before`. Returns how many. */
  protected async deleteRejectedBefore(before: Date): Promise<number> {
    const rejectedBefore = { [this.table.state.property]: 'rejected', [this.table.decidedAt]: LessThan(before) };
    const result = await this.manager.delete(this.table.schema, rejectedBefore as FindOptionsWhere<Row>);
    return result.affected ?? 0;
  }
}
