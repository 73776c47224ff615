import { ERROR_MESSAGES, FIELD_MESSAGES } from '@memoir/shared';
import { fieldNames, LIST_CAP, nestedFieldsOf, schemaOf, type ContractClass } from '@memoir/shared/contract';
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

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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

/** The errors found so far, by field path (`content.themes[1].title`). */
type Found = Record<string, string>;

/**
 * An object's fields as the class's rules will see them: each nested object (or list of them)
 * checked against its own class first, its faults recorded under its path, anything else flat.
 */
async function fieldsFor(
  type: ContractClass,
  raw: Readonly<Record<string, unknown>>,
  path: string,
  found: Found,
): Promise<Record<string, unknown>> {
  const nested = nestedFieldsOf(type);
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (FORBIDDEN_KEYS.has(key)) {
      found[`${path}${key}`] ??= FIELD_MESSAGES.unknownField(key);
      continue;
    }
    const inner = nested.get(key);
    if (inner === undefined) fields[key] = flat(value);
    else if (!inner.list) {
      fields[key] = isPlainObject(value) ? await checked(inner.type(), value, `${path}${key}.`, found) : flat(value);
    } else if (Array.isArray(value) && value.length <= LIST_CAP) {
      const items: unknown[] = [];
      for (const [index, item] of value.entries()) {
        if (isPlainObject(item)) items.push(await checked(inner.type(), item, `${path}${key}[${index}].`, found));
        else {
          found[`${path}${key}[${index}]`] ??= FIELD_MESSAGES.mustBeGroup(`${inner.label} ${index + 1}`);
          items.push(item);
        }
      }
      fields[key] = items;
    } else fields[key] = flat(value);
  }
  return fields;
}

/** An instance of `type` with `raw`'s fields, every fault recorded in `found` under its path. */
async function checked<T extends object>(
  type: ContractClass<T>,
  raw: Readonly<Record<string, unknown>>,
  path: string,
  found: Found,
): Promise<T> {
  const fields = await fieldsFor(type, raw, path, found);
  const instance = Object.assign(new (type as new () => T)(), fields);
  // A class without fields (NoBody) has no rules for class-validator to run: every field is unknown.
  if (Object.keys(fieldSchemas(type)).length === 0) {
    for (const key of Object.keys(fields)) found[`${path}${key}`] ??= FIELD_MESSAGES.unknownField(key);
    return instance;
  }
  const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  for (const error of errors) found[`${path}${error.property}`] ??= firstMessage(error);
  return instance;
}

async function check<T extends object>(type: ContractClass<T>, fields: Readonly<Record<string, unknown>>): Promise<T> {
  const found: Found = {};
  const instance = await checked(type, fields, '', found);
  if (Object.keys(found).length > 0) throw invalid(found);
  return instance;
}

/**
 * A JSON body checked against its class: the right types, no unknown field, and the same for
 * every object nested in it. A call that takes no body (NoBody) accepts none, or an empty
 * object. Answers 400 with a message per field, named by its path (`content.themes[1].title`).
 */
export async function parseBody<T extends object>(type: ContractClass<T>, body: unknown): Promise<T> {
  if (body === undefined) body = {};
  if (!isPlainObject(body)) throw badRequest(ERROR_MESSAGES.bodyNotObject);
  return check(type, body);
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
