import { Readable } from 'node:stream';

import type { Context } from 'koa';

/** A cell as written: text, a number, a time (ISO 8601, UTC) or nothing. */
export type CsvValue = string | number | boolean | Date | null | undefined;

// A spreadsheet runs a cell that begins with one of these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell, RFC 4180: quoted when it holds a comma, a quote or a line break (quotes doubled);
 * a cell that a spreadsheet would take for a formula is prefixed with an apostrophe.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Answers a CSV download written row by row as `rows` yields them: the response holds one
 * batch of rows at a time, never the list, and waits for a slow reader (back-pressure).
 * `name` becomes `<name>-<date>.csv`.
 */
export function sendCsv<T>(
  ctx: Context,
  name: string,
  header: readonly string[],
  rows: AsyncIterable<T>,
  toCells: (row: T) => readonly CsvValue[],
): void {
  async function* lines(): AsyncGenerator<string> {
    // A byte order mark, so that spreadsheet programs read the file as UTF-8.
    yield `\uFEFF${csvRow(header)}`;
    for await (const row of rows) yield csvRow(toCells(row));
  }
  const date = new Date().toISOString().slice(0, 10);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="${name}-${date}.csv"`);
  ctx.body = Readable.from(lines());
}
