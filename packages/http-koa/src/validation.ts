import { ERROR_MESSAGES, FIELD_MESSAGES } from '@memoir/shared';
import { fieldNames, schemaOf, type ContractClass } from '@memoir/shared/contract';
import { validate, type ValidationError } from 'class-validator';

import { badRequest } from './http-error';

/*
 * Every JSON body and every query of the API goes through here, checked against its class of
 * the contract (@memoir/shared/contract): the right types and no unknown field, or a 400 naming
 * each field. The use case then checks the business rules (lengths, formats) with its messages.
 */

// Keys that could reach an object's prototype if copied naively. No request field is named so.
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

// When a field breaks several rules, say the most basic: unknown, missing, then the wrong type, then the rest.
const PRIORITY = ['whitelistValidation', 'isDefined', 'isString', 'isBoolean', 'isInt', 'isArray', 'isIn'];

function firstMessage(error: ValidationError): string {
  const constraints = error.constraints ?? {};
  if (constraints.whitelistValidation !== undefined) return FIELD_MESSAGES.unknownField(error.property);
  const key = PRIORITY.find((name) => constraints[name] !== undefined) ?? Object.keys(constraints)[0];
  return (key === undefined ? undefined : constraints[key]) ?? `${error.property} is not valid.`;
}

function invalid(fieldErrors: Record<string, string>) {
  return badRequest(Object.values(fieldErrors)[0] ?? ERROR_MESSAGES.invalidInput, {
    code: 'REQUEST.INVALID',
    fieldErrors,
  });
}

/**
 * A value as this layer hands it on: scalars as they are, lists of scalars as lists. Anything
 * nested gets an empty stand-in, refused as the wrong type just the same, and nothing of it (an
 * object with a "constructor" key) is copied.
 */
function flat(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (!Array.isArray(value)) return {};
  return value.map((item: unknown) => (typeof item === 'object' && item !== null ? {} : item));
}

/** A class's fields' schemas, read once per class: the classes never change. */
const FIELD_SCHEMAS = new WeakMap<ContractClass, Readonly<Record<string, Readonly<Record<string, unknown>>>>>();

function fieldSchemas(type: ContractClass): Readonly<Record<string, Readonly<Record<string, unknown>>>> {
  let schemas = FIELD_SCHEMAS.get(type);
  if (schemas === undefined) {
    // A class without fields (NoBody) has no schema of its own.
    schemas =
      fieldNames(type).length === 0
        ? {}
        : (schemaOf(type).properties as Record<string, Readonly<Record<string, unknown>>>);
    FIELD_SCHEMAS.set(type, schemas);
  }
  return schemas;
}

async function check<T extends object>(type: ContractClass<T>, fields: Record<string, unknown>): Promise<T> {
  const instance = Object.assign(new (type as new () => T)(), fields);
  // A class without fields (NoBody) has no rules for class-validator to run: every field is unknown.
  if (Object.keys(fieldSchemas(type)).length === 0) {
    const unknown = Object.keys(fields);
    if (unknown.length > 0)
      throw invalid(Object.fromEntries(unknown.map((key) => [key, FIELD_MESSAGES.unknownField(key)])));
    return instance;
  }
  const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  if (errors.length > 0)
    throw invalid(Object.fromEntries(errors.map((error) => [error.property, firstMessage(error)])));
  return instance;
}

/**
 * A JSON body checked against its class: the right types, no unknown field. A call that takes
 * no body (NoBody) accepts none, or an empty object. Answers 400 with a message per field.
 */
export async function parseBody<T extends object>(type: ContractClass<T>, body: unknown): Promise<T> {
  if (body === undefined) body = {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest(ERROR_MESSAGES.bodyNotObject);
  const unsafe = Object.keys(body).find((key) => FORBIDDEN_KEYS.has(key));
  if (unsafe !== undefined) throw invalid({ [unsafe]: FIELD_MESSAGES.unknownField(unsafe) });
  return check(type, Object.fromEntries(Object.entries(body).map(([key, value]) => [key, flat(value)])));
}

/** `12` for a query text of digits, as a whole-number parameter takes it; anything else as given. */
function queryScalar(text: string, schema: Readonly<Record<string, unknown>>): unknown {
  return schema.type === 'integer' && /^-?\d{1,15}$/.test(text.trim()) ? Number(text) : text;
}

/**
 * A query string checked against its class: each parameter the class names, its first value,
 * a whole number where the class says so (`limit=abc` is a 400). Parameters it does not name
 * are left out, as a URL may carry others (a cache-buster).
 */
export async function parseQuery<T extends object>(
  type: ContractClass<T>,
  query: Readonly<Record<string, string | string[] | undefined>>,
): Promise<T> {
  const fields: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(fieldSchemas(type))) {
    const given = query[name];
    const text = Array.isArray(given) ? given[0] : given;
    if (text !== undefined) fields[name] = queryScalar(text, schema);
  }
  return check(type, fields);
}
