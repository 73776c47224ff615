import { err, ok, type BookInspection, type BookInspector, type Result, type StagedFile } from '@memoir/domain';

import { checkBookFile } from './book-stamping/book-file';

/** What plans a book as a copy would (ProcessBookPlanner: in a process of its own). */
export interface BookPlanner {
  inspect(path: string): Promise<BookInspection>;
}

/** The first line of an error, without a path or a stack: what the owner is told. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = (message.split('\n')[0] ?? '').trim();
  return line === '' ? 'the PDF library could not read it' : line.slice(0, 200);
}

/**
 * Judges a book the owner uploads as a reader's copy would meet it: first without parsing it
 * (`checkBookFile`: a PDF header, whole, not encrypted; a few kilobytes read), then planned
 * (every page placed, the cross-reference section read). Any failure, a planner that dies on a
 * hostile file included, is a refusal with its reason, never an error.
 */
export class PdfBookInspector implements BookInspector {
  constructor(private readonly planner: BookPlanner) {}

  async inspect(file: StagedFile): Promise<Result<BookInspection, string>> {
    try {
      await checkBookFile(file.localPath);
      const inspection = await this.planner.inspect(file.localPath);
      if (inspection.pages < 1) return err('it has no pages');
      return ok(inspection);
    } catch (error) {
      return err(reasonOf(error));
    }
  }
}
