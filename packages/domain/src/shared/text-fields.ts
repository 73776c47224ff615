import { ERROR_MESSAGES, FIELD_MESSAGES, SCHOLARSHIP_LIMITS } from '@memoir/shared';

import { hasHiddenCharacters } from './hidden-characters';
import { err, ok, type Result } from './result';

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

/** What a form sends: each field's text, or nothing (the wire may send null, or leave it out). */
export type FormInput<Field extends string> = { readonly [K in Field]?: string | null };

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
// Line breaks, Unicode's line and paragraph separators included.
const NEWLINES = /[\r\n\u2028\u2029]/;
const UNICODE_LINE_BREAKS = /[\u2028\u2029]/g;

function isStorable(text: string, multiline: boolean): boolean {
  if (LONE_SURROGATE.test(text) || CONTROL_CHARACTERS.test(text)) return false;
  return multiline || !NEWLINES.test(text);
}

/**
 * The text as it is checked and stored: in its composed form (NFC), so that "e" and a
 * combining acute count and are kept as the one "é" the browser shows; a line or paragraph
 * separator in a multi-line field becomes the newline it means; then trimmed.
 */
function normalizeText(rule: TextRule, raw: string | null | undefined): string {
  if (typeof raw !== 'string') return '';
  const text = rule.multiline ? raw.replace(UNICODE_LINE_BREAKS, '\n') : raw;
  return text.normalize('NFC').trim();
}

/** Normalizes and trims; absent or blank is "required". Returns the text, or null when at fault. */
export function requiredText(errors: FieldErrors, rule: TextRule, raw: string | null | undefined): string | null {
  const text = normalizeText(rule, raw);
  if (text === '') {
    errors.add(rule.field, FIELD_MESSAGES.required(rule.label));
    return null;
  }
  return checkText(errors, rule, text);
}

/** Normalizes and trims; absent or blank becomes null (the spec stores "empty" as null). */
export function optionalText(errors: FieldErrors, rule: TextRule, raw: string | null | undefined): string | null {
  const text = normalizeText(rule, raw);
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
  if (hasHiddenCharacters(text)) {
    errors.add(rule.field, FIELD_MESSAGES.hiddenCharacters(rule.label));
    return null;
  }
  return text;
}

// The WHATWG `input type=email` grammar, with at least one dot in the domain so the address
// can receive mail. The browser and the server then agree on what an email address is.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
// What the browser strips from an email field's ends: ASCII whitespace only (WHATWG).
const ASCII_WHITESPACE_AT_ENDS = /^[\t\n\f\r ]+|[\t\n\f\r ]+$/g;

/**
 * An email address as the browser's `type=email` field takes it: ASCII whitespace stripped
 * from its ends, nothing else changed (a valid address is ASCII, so there is nothing to
 * compose), then the grammar.
 */
export function requiredEmail(
  errors: FieldErrors,
  field: string,
  label: string,
  maxLength: number,
  raw: string | null | undefined,
): string | null {
  const text = typeof raw === 'string' ? raw.replace(ASCII_WHITESPACE_AT_ENDS, '') : '';
  if (text === '') {
    errors.add(field, FIELD_MESSAGES.required(label));
    return null;
  }
  if (text.length > maxLength) {
    errors.add(field, FIELD_MESSAGES.tooLong(label, maxLength));
    return null;
  }
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

/**
 * One address a call names (whom to erase, where a test email goes), checked as the request
 * form checks it: the address, or the invalid-input error with `code` on `field`.
 */
export function addressInput<Code extends string>(
  raw: unknown,
  field: string,
  code: Code,
): Result<string, ReturnType<typeof invalidInput<Code>>> {
  const errors = new FieldErrors();
  const email = requiredEmail(
    errors,
    field,
    'Email',
    SCHOLARSHIP_LIMITS.emailMaxLength,
    typeof raw === 'string' ? raw : null,
  );
  return email === null ? err(invalidInput(code, errors)) : ok(email);
}
