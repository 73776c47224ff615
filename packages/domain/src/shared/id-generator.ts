/** Port: new entity ids. Ids are lower-case UUID strings (the admin screens show 8 characters). */
export interface IdGenerator {
  next(): string;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Anything that is not a UUID cannot name an entity: use cases answer "not found" without a lookup. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
