// What the doc writers share: Markdown as Prettier writes it, and generated sections.

/** A table padded the way Prettier pads one, so that `prettier --check docs` leaves it alone. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  for (const cell of [...header, ...rows.flat()]) {
    if (/[|\n]/.test(cell)) throw new Error(`A table cell cannot hold "|" or a line break: ${cell}`);
  }
  const widths = header.map((title, column) =>
    Math.max(3, title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** `markdown` with the part between `start` and `end` (markers included) replaced by `section`. */
export function withSection(markdown: string, start: string, end: string, section: string, file: string): string {
  const from = markdown.indexOf(start);
  const to = markdown.indexOf(end);
  if (from < 0 || to < from || markdown.indexOf(start, from + 1) >= 0) {
    throw new Error(`${file} needs one ${start} followed by one ${end}.`);
  }
  return markdown.slice(0, from) + section + markdown.slice(to + end.length);
}
