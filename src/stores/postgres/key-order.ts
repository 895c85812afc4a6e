/**
 * A JSON value as PostgreSQL's `jsonb` gives it back: every object's keys in `jsonb`'s order
 * (shorter keys first, by their UTF-8 bytes; keys of one length by those bytes), arrays and
 * everything else as they are. A record a workspace keeps after writing it is kept this way,
 * so that it reads as a fresh load of it would (where key order shows: a checklist's items).
 */
export function jsonbOrder<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(jsonbOrder) as T;
  const keys = Object.keys(value).map((key) => ({ key, bytes: Buffer.from(key, "utf8") }));
  keys.sort((a, b) => a.bytes.length - b.bytes.length || Buffer.compare(a.bytes, b.bytes));
  const ordered: Record<string, unknown> = {};
  for (const { key } of keys) ordered[key] = jsonbOrder((value as Record<string, unknown>)[key]);
  return ordered as T;
}
