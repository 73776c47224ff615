import { Between, type EntityManager, type EntitySchema, type ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

/** SUM over no rows is NULL, and MySQL returns counts as strings. */
export const count = (value: unknown): number => Number(value ?? 0);

/** Whether an UPDATE or DELETE changed a row. */
export const changedAny = (result: { readonly affected?: number | null }): boolean => (result.affected ?? 0) > 0;

/**
 * One INSERT of a row the domain has filled in completely. `manager.insert` would then SELECT
 * the row back to read the columns that have a database default (SQLite and MySQL have no
 * RETURNING for TypeORM): a second statement per submission, under SQLite's one connection.
 */
export async function insertWithoutReselect<T extends ObjectLiteral>(
  manager: EntityManager,
  schema: EntitySchema<T>,
  values: QueryDeepPartialEntity<T> | Array<QueryDeepPartialEntity<T>>,
): Promise<void> {
  await manager.createQueryBuilder().insert().into(schema).values(values).updateEntity(false).execute();
}

/** [from, to): at or after `from`, strictly before `to`. */
export function createdIn(from: Date, to: Date) {
  return Between(from, new Date(to.getTime() - 1));
}
