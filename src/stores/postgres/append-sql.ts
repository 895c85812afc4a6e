import { type AppendBatch, commandsOf } from "../port.ts";
import { RECORD_VERSION } from "../rows.ts";
import { subjectRows } from "../subject-rows.ts";
import type { Layout } from "./layout.ts";

/**
 * One table's rows of an append and how to insert them, given the `jsonb` array parameter
 * holding the rows. Every insert reads from `cas`, so it writes nothing when the head moved.
 */
export interface Part {
  readonly rows: readonly unknown[];
  readonly insert: (rows: string) => string;
  /** Its rows take creation ordinals (artifacts and proposals are listed in that order). */
  readonly ordered?: true;
}

/** The compare-and-swap of an append: the head it expects and the one it sets. */
export interface HeadMove {
  readonly workspaceId: string;
  readonly expectedHead: number;
  readonly head: number;
  /** How many creation ordinals the append takes (its artifacts and proposals). */
  readonly ordinals: number;
  /** The channel to announce the new head on, or `null` when the head stays. */
  readonly channel: string | null;
}

// The last write of a batch to an entity wins, in the place of its first, as in memory.
function latest<T extends { readonly id: string }>(items: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const item of items) byId.set(item.id, item);
  return [...byId.values()];
}

// Each rejection of the batch under each hunk id it recorded, for the re-proposal mark.
function rejectedHunks(batch: AppendBatch) {
  return latest(batch.proposals).flatMap((p) =>
    p.status !== "rejected"
      ? []
      : (p.resolution?.hunk_ids ?? []).map((hunk_id) => ({
          artifact_id: p.change.artifact_id,
          hunk_id,
          proposal_id: p.id,
        })),
  );
}

// A constant of this library, written into the statement's text.
const V = RECORD_VERSION;
const replaceRecord = "record_version = excluded.record_version, record = excluded.record";

// Whether a record's decision slot holds a pending decision (`null` there is jsonb null).
const deciding = (r: string) =>
  `coalesce(jsonb_typeof(${r}->'decision'->'pending') = 'object', false)`;

// Whether a thread's agent made offers: its `offered` is an object with a key.
const offering = (r: string) =>
  `coalesce(jsonb_typeof(${r}->'offered') = 'object' AND ${r}->'offered' <> '{}', false)`;

// Each element of the parameter is a record `r`, with its ordinal `i` in the batch.
const records = (p: string) => `jsonb_array_elements(${p}) WITH ORDINALITY AS x(r, i)`;

// Each element is a pair of a thread's record `r` and the ids of its offers in the order made
// (`offer_ids`), which jsonb cannot keep as the record's key order.
const threadPairs = (p: string) =>
  `jsonb_array_elements(${p}) WITH ORDINALITY AS x(pair, i),
    LATERAL (SELECT pair->0 AS r, pair->1 AS offer_ids) AS y`;

/**
 * An entity table's insert: each row takes the creation ordinal `cas.base + offset + i` (kept
 * when the row exists), with `columns`, copies of record fields its indexes use, beside it.
 * `elements` unpacks the parameter's rows into `r` and `i`.
 */
function ordered(
  table: string,
  columns: readonly (readonly [name: string, value: string])[],
  elements: (p: string) => string = records,
): (p: string, offset: number) => string {
  const names = columns.map(([name]) => `, ${name}`).join("");
  const values = columns.map(([, value]) => `, ${value}`).join("");
  const updates = columns.map(([name]) => `${name} = excluded.${name}, `).join("");
  return (p, offset) =>
    `INSERT INTO ${table} (workspace_id, id, ordinal${names}, record_version, record)
      SELECT $1, r->>'id', cas.base + ${offset} + i${values}, ${V}, r
        FROM cas, ${elements(p)}
      ON CONFLICT (workspace_id, id) DO UPDATE SET ${updates}${replaceRecord}`;
}

// A thread's columns beside its record: its status, whether a decision is pending in it,
// whether its agent made offers and in which order.
const threadColumns = [
  ["status", "r->>'status'"],
  ["deciding", deciding("r")],
  ["offering", offering("r")],
  ["offer_ids", "offer_ids"],
] as const;

/** An ordered part before its offset is known: its rows and its insert. */
type Unplaced = readonly [rows: readonly unknown[], insert: (p: string, offset: number) => string];

// Ordered parts take consecutive ordinals from the workspace's counter, in this order.
function place(parts: readonly Unplaced[]): Part[] {
  let offset = 0;
  return parts.map(([rows, insert]) => {
    const at = offset;
    offset += rows.length;
    return { rows, ordered: true, insert: (p) => insert(p, at) };
  });
}

/**
 * The rows of an append after the head row, table by table, in the order they are written.
 * In the statement, `$1` is the workspace and `cas.base` the
 * creation ordinal before the append's first.
 */
export function parts(t: Layout, batch: AppendBatch): Part[] {
  const status = ["status", "r->>'status'"] as const;
  const [artifacts, proposals, threads, runs] = place([
    [latest(batch.artifacts), ordered(t.artifacts, [])],
    [
      latest(batch.proposals),
      ordered(t.proposals, [status, ["artifact_id", "r->'change'->>'artifact_id'"]]),
    ],
    [
      latest(batch.threads).map((thread) => [thread, Object.keys(thread.offered)]),
      ordered(t.threads, threadColumns, threadPairs),
    ],
    [
      latest(batch.runs),
      ordered(t.runs, [["thread_id", "r->>'thread_id'"], status, ["deciding", deciding("r")]]),
    ],
  ]) as [Part, Part, Part, Part];
  return [
    {
      rows: batch.envelopes,
      insert: (p) =>
        `INSERT INTO ${t.log} (workspace_id, seq, record_version, envelope, thread_id)
          SELECT $1, (e->>'seq')::bigint, ${V}, e, e->>'thread_id'
            FROM cas, jsonb_array_elements(${p}) AS e`,
    },
    {
      rows: subjectRows(batch.envelopes),
      insert: (p) =>
        `INSERT INTO ${t.subjects} (workspace_id, subject, seq)
          SELECT $1, r->>'subject', (r->>'seq')::bigint
            FROM cas, jsonb_array_elements(${p}) AS r`,
    },
    artifacts,
    {
      rows: batch.revisions,
      insert: (p) =>
        `INSERT INTO ${t.revisions} (workspace_id, artifact_id, version, record_version, record)
          SELECT $1, r->>'artifact_id', (r->>'version')::integer, ${V}, r
            FROM cas, jsonb_array_elements(${p}) AS r`,
    },
    proposals,
    {
      rows: rejectedHunks(batch),
      insert: (p) =>
        `INSERT INTO ${t.rejectedHunks} (workspace_id, artifact_id, hunk_id, proposal_id)
          SELECT $1, r->>'artifact_id', r->>'hunk_id', r->>'proposal_id'
            FROM cas, jsonb_array_elements(${p}) AS r
          ON CONFLICT DO NOTHING`,
    },
    threads,
    runs,
    {
      rows: batch.messages,
      insert: (p) =>
        `INSERT INTO ${t.messages} (workspace_id, id)
          SELECT $1, m FROM cas, jsonb_array_elements_text(${p}) AS m`,
    },
    {
      rows: commandsOf(batch),
      insert: (p) =>
        `INSERT INTO ${t.commands} (workspace_id, participant, command_id, record_version, record)
          SELECT $1, r->>'participant', r->>'command_id', ${V}, r
            FROM cas, jsonb_array_elements(${p}) AS r`,
    },
  ];
}

// A new workspace's head row is inserted; an existing one moves only from the expected head,
// so of two writers at one position the second finds it moved (after waiting for the first's
// row lock) and writes nothing.
const casSql = (t: Layout, first: boolean) =>
  first
    ? `INSERT INTO ${t.heads} AS h (workspace_id, head, next_ordinal) VALUES ($1, $3, $4)
        ON CONFLICT (workspace_id) DO UPDATE
          SET head = $3, next_ordinal = h.next_ordinal + $4 WHERE h.head = $2
        RETURNING h.next_ordinal - $4 AS base`
    : `UPDATE ${t.heads} AS h SET head = $3, next_ordinal = h.next_ordinal + $4
        WHERE h.workspace_id = $1 AND h.head = $2
        RETURNING h.next_ordinal - $4 AS base`;

/**
 * One statement for a whole append: the head's compare-and-swap, each part's insert, and
 * `pg_notify`, which runs only if the head moved and is delivered only on commit. It returns
 * one row when the append landed, none when the head had moved.
 */
export function appendStatement(
  t: Layout,
  move: HeadMove,
  written: readonly Part[],
): { text: string; values: unknown[] } {
  const values: unknown[] = [
    move.workspaceId,
    move.expectedHead,
    move.head,
    move.ordinals,
    move.channel,
    `${move.workspaceId}:${move.head}`,
  ];
  const inserts = written
    .filter((part) => part.rows.length > 0)
    .map((part, i) => {
      values.push(JSON.stringify(part.rows));
      return `, w${i} AS (${part.insert(`$${values.length}::jsonb`)})`;
    });
  const text = `WITH cas AS (${casSql(t, move.expectedHead === 0)})${inserts.join("")}
    SELECT base, CASE WHEN $5::text IS NOT NULL THEN pg_notify($5, $6) END FROM cas`;
  return { text, values };
}
