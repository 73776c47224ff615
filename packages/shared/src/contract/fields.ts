import {
  ArrayMaxSize,
  Equals,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';

import { FIELD_MESSAGES } from '../messages';

/*
 * The words every body of the API is written in. Each field decorator does two things at once:
 * it puts class-validator's rules on the property (the server checks requests with them), and
 * it records the property's JSON Schema (the OpenAPI document is written from it). The class
 * itself is the TypeScript type both apps import. So a body is defined once, in a class of
 * this folder, and the three cannot drift apart (docs/adr/0010-one-contract.md).
 *
 * Requests are checked for types and known fields only, with a generous length cap; the use
 * cases own the business rules (exact lengths, formats) and their messages. The schema states
 * the exact limits, which the use cases enforce.
 */

export type JsonSchema = Readonly<Record<string, unknown>>;

/** A class of this folder: a body, a query or a part of one. */
export type ContractClass<T = object> = abstract new () => T;

/** How a field may be left out: `optional` (may be absent), `nullable` (may be null). */
interface Presence {
  readonly optional?: boolean;
  readonly nullable?: boolean;
  /** For people reading the API reference. */
  readonly description?: string;
}

interface FieldRecord {
  /** A thunk: a nested class may be declared below the class that uses it. */
  readonly schema: () => JsonSchema;
  readonly required: boolean;
  /** An object (or a list of objects) of another class: checked field by field in its turn. */
  readonly nested?: NestedField;
}

/** A field holding an object of another class, or a list of them. */
export interface NestedField {
  readonly type: () => ContractClass;
  readonly list: boolean;
  /** How messages name the field ("Themes"). */
  readonly label: string;
}

/** Each class's own fields, in declaration order (a subclass adds to its parent's). */
const FIELDS = new Map<object, Map<string, FieldRecord>>();

/** The longest text any request field takes before its use case judges it: no megabyte strings. */
export const TEXT_CAP = 4000;

function presenceRules(label: string, presence: Presence, key: string): PropertyDecorator[] {
  if (presence.optional === true) {
    // Absent (and null, when nullable) is fine; anything else is checked.
    return [
      ValidateIf((body: Record<string, unknown>) =>
        presence.nullable === true ? body[key] !== undefined && body[key] !== null : body[key] !== undefined,
      ),
    ];
  }
  if (presence.nullable === true) return [ValidateIf((body: Record<string, unknown>) => body[key] !== null)];
  return [IsDefined({ message: FIELD_MESSAGES.required(label) })];
}

/** A schema without the keywords left undefined. */
function defined(schema: Record<string, unknown>): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined));
}

function withNull(schema: JsonSchema, nullable: boolean | undefined): JsonSchema {
  if (nullable !== true) return schema;
  // A list of values takes null as one of them too (JSON Schema's enum is checked whatever the type).
  const values = Array.isArray(schema.enum) ? { enum: [...(schema.enum as unknown[]), null] } : {};
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'], ...values };
  return { oneOf: [schema, { type: 'null' }] };
}

/** A field: its schema (a thunk), its presence, and the class-validator rules for its value. */
function field(
  label: string,
  presence: Presence,
  schema: () => JsonSchema,
  rules: PropertyDecorator[] = [],
  nested?: NestedField,
) {
  return (target: object, key: string | symbol): void => {
    const name = String(key);
    const own = FIELDS.get(target.constructor) ?? new Map<string, FieldRecord>();
    FIELDS.set(target.constructor, own);
    own.set(name, {
      schema: () => {
        const described = presence.description === undefined ? {} : { description: presence.description };
        return { ...withNull(schema(), presence.nullable), ...described };
      },
      required: presence.optional !== true,
      nested,
    });
    for (const rule of [...presenceRules(label, presence, name), ...rules]) rule(target, key);
  };
}

interface TextOptions extends Presence {
  /** The longest text the use case takes (stated in the schema); the server refuses more. */
  readonly maxLength?: number;
  readonly minLength?: number;
  /** A JSON Schema format: email, uuid, date-time, date. */
  readonly format?: string;
  readonly pattern?: RegExp;
  /** The values the use case takes (stated in the schema; the use case refuses others). */
  readonly values?: readonly string[];
  /** The longest text this layer lets through to the use case; TEXT_CAP unless said. */
  readonly cap?: number;
}

const mustBeText = (label: string) => IsString({ message: FIELD_MESSAGES.mustBeText(label) });

/** A text field. `label` names it in messages ("Name is required."). */
function text(label: string, options: TextOptions = {}) {
  const cap = options.cap ?? TEXT_CAP;
  // The message names the field's own limit, as the use case's would: past the cap, the text is
  // over that limit too ("Name must be at most 100 characters.", never the cap's 4000).
  const limit = Math.min(options.maxLength ?? cap, cap);
  return field(
    label,
    options,
    () =>
      defined({
        type: 'string',
        format: options.format,
        minLength: options.minLength,
        maxLength: limit,
        pattern: options.pattern?.source,
        enum: options.values === undefined ? undefined : [...options.values],
      }),
    [mustBeText(label), MaxLength(cap, { message: FIELD_MESSAGES.tooLong(label, limit) })],
  );
}

/** A true or false. */
function boolean(label: string, presence: Presence = {}) {
  return field(label, presence, () => ({ type: 'boolean' }), [
    IsBoolean({ message: FIELD_MESSAGES.mustBeBoolean(label) }),
  ]);
}

interface IntegerOptions extends Presence {
  readonly minimum?: number;
  readonly maximum?: number;
}

/** A whole number. */
function integer(label: string, options: IntegerOptions = {}) {
  const { minimum, maximum } = options;
  const message =
    minimum !== undefined && maximum !== undefined
      ? FIELD_MESSAGES.mustBeWholeNumberIn(label, minimum, maximum)
      : FIELD_MESSAGES.mustBeWholeNumber(label);
  return field(label, options, () => defined({ type: 'integer', minimum, maximum }), [
    IsInt({ message }),
    ...(minimum === undefined ? [] : [Min(minimum, { message })]),
    ...(maximum === undefined ? [] : [Max(maximum, { message })]),
  ]);
}

/** A count: a whole number, 0 or more. */
const count = (label: string, options: Omit<IntegerOptions, 'minimum'> = {}) =>
  integer(label, { ...options, minimum: 0 });

interface OneOfOptions extends Presence {
  /** The message when the value is none of them; "<label> must be one of: …" unless said. */
  readonly message?: string;
}

/** One of a fixed set of texts. */
function oneOf(label: string, values: readonly string[], options: OneOfOptions = {}) {
  return field(label, options, () => ({ type: 'string', enum: [...values] }), [
    IsIn([...values], { message: options.message ?? FIELD_MESSAGES.mustBeOneOf(label, values) }),
  ]);
}

/** Always this value (`success: true`). */
function constant(value: boolean | string, presence: Presence = {}) {
  return field(String(value), presence, () => ({ type: typeof value, const: value }), [Equals(value)]);
}

interface NestedOptions extends Presence {
  /** How messages name the field in a request ("Publisher"). */
  readonly label?: string;
}

/** An object of another class of this folder; in a request, its fields are checked in turn. */
function nested(type: () => ContractClass, options: NestedOptions = {}) {
  const label = options.label ?? '';
  return field(
    label,
    options,
    () => ({ $ref: refTo(type()) }),
    [IsObject({ message: FIELD_MESSAGES.mustBeGroup(label) })],
    { type, list: false, label },
  );
}

interface ListOptions extends Presence {
  readonly minItems?: number;
  readonly maxItems?: number;
  /** The message for a value that is not such a list. */
  readonly message?: string;
  /** The longest text an item may be (lists of text). */
  readonly itemMaxLength?: number;
}

/** An array's schema: its items' schema and the counts it takes. */
const arrayOf = (items: JsonSchema, count: { readonly minItems?: number; readonly maxItems?: number }): JsonSchema =>
  defined({ type: 'array', items, minItems: count.minItems, maxItems: count.maxItems });

/** A list of texts. */
function texts(label: string, options: ListOptions = {}) {
  const message = options.message ?? FIELD_MESSAGES.mustBeTextList(label);
  return field(label, options, () => arrayOf(defined({ type: 'string', maxLength: options.itemMaxLength }), options), [
    IsArray({ message }),
    IsString({ each: true, message }),
    ...(options.itemMaxLength === undefined ? [] : [MaxLength(options.itemMaxLength, { each: true, message })]),
    // The use case judges the count (with its own message); this only stops a huge list early.
    ArrayMaxSize(Math.max(options.maxItems ?? 0, 10_000), { message }),
  ]);
}

interface ObjectListOptions extends NestedOptions {
  readonly minItems?: number;
  readonly maxItems?: number;
}

/** The most items a list of objects may hold before its items are even looked at. */
export const LIST_CAP = 100;

/** A list of objects of another class of this folder; in a request, each item is checked in turn. */
function list(type: () => ContractClass, options: ObjectListOptions = {}) {
  const label = options.label ?? '';
  const message = FIELD_MESSAGES.mustBeGroupList(label);
  return field(
    label,
    options,
    () => arrayOf({ $ref: refTo(type()) }, options),
    [IsArray({ message }), ArrayMaxSize(Math.max(options.maxItems ?? 0, LIST_CAP), { message })],
    { type, list: true, label },
  );
}

/** An object whose keys are data (a name per count), each value of `values`' schema. Answers only. */
function record(values: JsonSchema, presence: Presence = {}) {
  return field('', presence, () => ({ type: 'object', additionalProperties: values }));
}

/** Any JSON object (an audit event's details). Answers only. */
function anyObject(presence: Presence = {}) {
  return field('', presence, () => ({ type: 'object' }));
}

/** The field decorators: `@Field.text('Name', { maxLength: 100 }) name!: string;`. */
export const Field = { text, boolean, integer, count, oneOf, constant, nested, texts, list, record, anyObject };

/** The classes by schema name: a class's name is its name in the API reference. */
const NAMED = new Map<string, ContractClass>();

/** `#/components/schemas/<class name>`, for a class of this folder. */
export function refTo(type: ContractClass): string {
  const seen = NAMED.get(type.name);
  if (seen !== undefined && seen !== type) throw new Error(`Two contract classes are named ${type.name}`);
  NAMED.set(type.name, type);
  return `#/components/schemas/${type.name}`;
}

/** Every field of a class, its parents' first. */
function fieldsOf(type: ContractClass): Map<string, FieldRecord> {
  const chain: object[] = [];
  for (let at: object | null = type; at !== null && at !== Function.prototype; at = Object.getPrototypeOf(at)) {
    chain.unshift(at);
  }
  const fields = new Map<string, FieldRecord>();
  for (const link of chain) for (const [name, record] of FIELDS.get(link) ?? []) fields.set(name, record);
  return fields;
}

/** The fields of a class that hold objects of other classes (or lists of them), by name. */
export function nestedFieldsOf(type: ContractClass): ReadonlyMap<string, NestedField> {
  const nested = new Map<string, NestedField>();
  for (const [name, record] of fieldsOf(type)) if (record.nested !== undefined) nested.set(name, record.nested);
  return nested;
}

/** The names of a class's fields: what a body may hold. */
export function fieldNames(type: ContractClass): string[] {
  return [...fieldsOf(type).keys()];
}

/** A class's JSON Schema: an object of exactly its fields. */
export function schemaOf(type: ContractClass, description?: string): JsonSchema {
  const fields = fieldsOf(type);
  if (fields.size === 0 && !FIELDS.has(type)) throw new Error(`${type.name} is not a contract class`);
  const properties = Object.fromEntries([...fields].map(([name, record]) => [name, record.schema()]));
  const required = [...fields].filter(([, record]) => record.required).map(([name]) => name);
  return {
    type: 'object',
    ...(description === undefined ? {} : { description }),
    properties,
    required,
    additionalProperties: false,
  };
}

/** A class's query parameters: one per field, with its schema; `required` as the class says. */
export function queryParametersOf(type: ContractClass): JsonSchema[] {
  return [...fieldsOf(type)].map(([name, record]) => {
    const { description, ...schema } = record.schema();
    return {
      name,
      in: 'query',
      required: record.required,
      schema,
      ...(description === undefined ? {} : { description }),
    };
  });
}

/**
 * Every class `roots` name or reach through their fields, as `components.schemas`: the
 * document's schemas, each once, named by class.
 */
export function componentSchemas(roots: Iterable<ContractClass>): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  const pending = [...roots];
  for (let type = pending.pop(); type !== undefined; type = pending.pop()) {
    refTo(type);
    if (schemas[type.name] !== undefined) continue;
    schemas[type.name] = schemaOf(type);
    // Reading the schema named any nested class: bring those in too.
    for (const named of NAMED.values()) if (schemas[named.name] === undefined) pending.push(named);
  }
  return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
}
