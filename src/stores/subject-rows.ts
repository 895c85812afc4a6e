import { subjectsOf } from "../model/about.ts";
import { type Envelope, EnvelopeSchema } from "../model/envelope.ts";

// One row of a store's subjects index: an envelope's position under one of its subjects.
interface SubjectRow {
  readonly subject: string;
  readonly seq: number;
}

/** The subjects index rows of envelopes an append writes, in log order. */
export function subjectRows(envelopes: readonly Envelope[]): SubjectRow[] {
  return envelopes.flatMap(({ seq, event }) =>
    subjectsOf(event).map((subject) => ({ subject, seq })),
  );
}

/**
 * The subjects of a stored envelope record, for filling the index from rows already in a log
 * (a migration): none for a record that does not parse, which a full read still reports.
 */
export function storedSubjects(record: unknown): string[] {
  const parsed = EnvelopeSchema.safeParse(record);
  return parsed.success ? subjectsOf(parsed.data.event) : [];
}
