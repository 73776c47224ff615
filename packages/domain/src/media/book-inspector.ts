import type { Result } from '../shared/result';
import type { StagedFile } from './staged-file';

/** What the stamping engine found in a book it planned. */
export interface BookInspection {
  readonly pages: number;
  /** The kind of its last cross-reference section: a classic table, or a stream. */
  readonly xref: 'table' | 'stream';
}

/**
 * Port: plans a new book as the stamping engine would for a reader's copy (every page, its
 * cross-reference section), so that a book that could not be stamped never replaces the one in
 * use. A refusal carries the reason in a few words ("the PDF is encrypted").
 */
export interface BookInspector {
  inspect(file: StagedFile): Promise<Result<BookInspection, string>>;
}
