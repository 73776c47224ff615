/*
 * SQLite's own LIKE and lower() fold the case of ASCII letters only: "анна" would not find
 * "Анна", nor "élodie" "Élodie". The searches of the admin lists lower-case their text in every
 * script (normalizeSearch); this function does the same to a column, registered on each SQLite
 * connection. MySQL's utf8mb4_unicode_ci collation needs none.
 */

/** The SQL name of the function: the column's text, lower case in every script. */
export const SQLITE_LOWER = 'memoir_lower';

type FunctionRegistry = {
  function(name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown): unknown;
};

export function registerSqliteLower(db: FunctionRegistry): void {
  db.function(SQLITE_LOWER, { deterministic: true }, (value) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
}

/**
 * The column as a LIKE compares it to a search (lower case already): as it is when the search
 * is ASCII (SQLite's LIKE folds that itself, using the list's index as it reads), through
 * SQLITE_LOWER when the search holds any other letter.
 */
export function sqliteSearchable(column: string, search: string): string {
  // eslint-disable-next-line no-control-regex
  return /^[\u0000-\u007F]*$/.test(search) ? column : `${SQLITE_LOWER}(${column})`;
}
