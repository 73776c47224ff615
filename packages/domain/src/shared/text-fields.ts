import { ERROR_MESSAGES, FIELD_MESSAGES } from '@memoir/shared';

/** Collects per-field messages so one answer can name every field at fault. */
export class FieldErrors {
  private readonly errors: Record<string, string> = {};

  add(field: string, message: string): void {
    this.errors[field] ??= message;
  }

  get isEmpty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  toRecord(): Readonly<Record<string, string>> {
    return { ...this.errors };
  }
}

export interface TextRule {
  readonly field: string;
  /** How the message names the field: "Name is required." */
  readonly label: string;
  readonly maxLength: number;
  /** Newlines are allowed only in multi-line fields (messages, notes). */
  readonly multiline?: boolean;
}

// A lone surrogate cannot be encoded as UTF-8: MySQL rejects it and SQLite stores a
// replacement character, so the text read back would differ from what was accepted.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// C0 controls, DEL and C1 controls; tab and newlines are handled separately.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const NEWLINES = /[\r\n]/;

function isStorable(text: string, multiline: boolean): boolean {
  if (LONE_SURROGATE.test(text) || CONTROL_CHARACTERS.test(text)) return false;
  return multiline || !NEWLINES.test(text);
}

/** Trims; absent or blank is "required". Returns the trimmed text, or null when at fault. */
export function requiredText(errors: FieldErrors, rule: TextRule, raw: string | null | undefined): string | null {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') {
    errors.add(rule.field, FIELD_MESSAGES.required(rule.label));
    return null;
  }
  return checkText(errors, rule, text);
}

/** Trims; absent or blank becomes null (the spec stores "empty" as null). */
export function optionalText(errors: FieldErrors, rule: TextRule, raw: string | null | undefined): string | null {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return null;
  return checkText(errors, rule, text);
}

function checkText(errors: FieldErrors, rule: TextRule, text: string): string | null {
  if (text.length > rule.maxLength) {
    errors.add(rule.field, FIELD_MESSAGES.tooLong(rule.label, rule.maxLength));
    return null;
  }
  if (!isStorable(text, rule.multiline ?? false)) {
    errors.add(rule.field, FIELD_MESSAGES.malformedText(rule.label));
    return null;
  }
  return text;
}

// The WHATWG `input type=email` grammar, with at least one dot in the domain so the address
// can receive mail. The browser and the server then agree on what an email address is.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function requiredEmail(
  errors: FieldErrors,
  field: string,
  label: string,
  maxLength: number,
  raw: string | null | undefined,
): string | null {
  const text = requiredText(errors, { field, label, maxLength }, raw);
  if (text === null) return null;
  if (!EMAIL_PATTERN.test(text)) {
    errors.add(field, FIELD_MESSAGES.invalidEmail);
    return null;
  }
  return text;
}

/**
 * The "invalid input" error: its message is the first field's message, so a toast that shows
 * only `error` still tells the person what to fix; `fieldErrors` has them all.
 */
export function invalidInput<Code extends string>(
  code: Code,
  errors: FieldErrors,
): { code: Code; message: string; fieldErrors: Readonly<Record<string, string>> } {
  const fieldErrors = errors.toRecord();
  const first = Object.values(fieldErrors)[0];
  return { code, message: first ?? ERROR_MESSAGES.invalidInput, fieldErrors };
}
