import { ERROR_MESSAGES, FIELD_MESSAGES } from '@memoir/shared';
import { validate, type ValidationError } from 'class-validator';

import { badRequest } from './http-error';

// Keys that could reach an object's prototype if copied naively. No request field is named so.
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

// When a field breaks several rules, say the most basic: missing, then the wrong type, then the rest.
const PRIORITY = ['whitelistValidation', 'isDefined', 'isString', 'isBoolean', 'isIn'];

function firstMessage(error: ValidationError): string {
  const constraints = error.constraints ?? {};
  if (constraints.whitelistValidation !== undefined) return FIELD_MESSAGES.unknownField(error.property);
  const key = PRIORITY.find((name) => constraints[name] !== undefined) ?? Object.keys(constraints)[0];
  return (key === undefined ? undefined : constraints[key]) ?? `${error.property} is not valid.`;
}

/**
 * Checks a JSON body against a request class: the right types, no unknown field (whitelist,
 * forbidNonWhitelisted, forbidUnknownValues). Answers 400 with a message per field. The use
 * case then checks the business rules (lengths, formats) with its own messages.
 */
export async function parseBody<T extends object>(RequestClass: new () => T, body: unknown): Promise<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest(ERROR_MESSAGES.bodyNotObject);
  const unsafe = Object.keys(body).find((key) => FORBIDDEN_KEYS.has(key));
  if (unsafe !== undefined) {
    const message = FIELD_MESSAGES.unknownField(unsafe);
    throw badRequest(message, { code: 'REQUEST.INVALID', fieldErrors: { [unsafe]: message } });
  }
  // Every request field is a scalar: a nested value gets an empty stand-in, refused as the
  // wrong type just the same, and nothing of it (an object with a "constructor" key) is copied.
  const scalars = Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      typeof value === 'object' && value !== null ? (Array.isArray(value) ? [] : {}) : value,
    ]),
  );
  const instance = Object.assign(new RequestClass(), scalars);
  const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  if (errors.length > 0) {
    const fieldErrors = Object.fromEntries(errors.map((error) => [error.property, firstMessage(error)]));
    throw badRequest(Object.values(fieldErrors)[0] ?? ERROR_MESSAGES.invalidInput, {
      code: 'REQUEST.INVALID',
      fieldErrors,
    });
  }
  return instance;
}

/** The first value of a query parameter, or undefined. */
export function queryValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A number from the query string; NaN when absent or not a number (the use cases clamp). */
export function queryNumber(value: string | string[] | undefined): number {
  const text = queryValue(value);
  return text === undefined || text.trim() === '' ? Number.NaN : Number(text);
}

/** The longest id a bulk decision takes: a UUID, with room to spare for one that is not. */
const BULK_ID_MAX_LENGTH = 64;

/**
 * The `ids` of a bulk decision: an array of strings (its length is the use case's to judge).
 * Anything else is a 400 naming the field.
 */
export function parseIds(body: unknown): string[] {
  const ids =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { ids?: unknown }).ids : undefined;
  const message = FIELD_MESSAGES.idsList;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && id.length <= BULK_ID_MAX_LENGTH)) {
    throw badRequest(message, { code: 'REQUEST.INVALID', fieldErrors: { ids: message } });
  }
  return ids as string[];
}

/** A bulk body without its `ids`, for the one-item request class to check the rest. */
export function withoutIds(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'ids'));
}
