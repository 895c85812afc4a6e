import { readFileSync } from "node:fs";
import { z } from "zod";
import { AccessWideningSchema } from "../model/access.ts";
import { ActorSchema } from "../model/actors.ts";
import { JsonObjectSchema, JsonValueSchema } from "../model/json.ts";
import { ModeLaddersSchema } from "../model/modes.ts";
import { ProposalSchema } from "../model/proposals.ts";
import { RunSchema } from "../model/runs.ts";
import { ThreadModeSchema, ThreadSchema } from "../model/threads.ts";

/**
 * An artifact a case starts with. Its `data` is checked against the registered type only
 * when the case is loaded (see `resolveGiven`), since the registry is the runner's, not the
 * file's.
 */
const GivenArtifactSchema = z.strictObject({
  id: z.string(),
  kind: z.string(),
  version: z.number().int().min(1),
  data: JsonObjectSchema,
  updated_by: ActorSchema,
  archived: z.boolean().default(false),
});
/** An artifact a case starts with, as written in the case file. */
export type GivenArtifact = z.infer<typeof GivenArtifactSchema>;

/**
 * A past version of an artifact a case starts with (our extension: a rebase merges from the
 * version a proposal was based on). `kind` defaults to the given artifact's, `actor` to the
 * system. `proposal_id` names the proposal whose accept wrote it and `reverts` the version it
 * reverted (both default `null`): a revert tells the author of the change it undoes, and
 * that is the proposal's author when an accept wrote it.
 */
const GivenRevisionSchema = z.strictObject({
  artifact_id: z.string(),
  version: z.number().int().min(1),
  data: JsonObjectSchema,
  kind: z.string().optional(),
  actor: ActorSchema.optional(),
  proposal_id: z.string().nullable().default(null),
  reverts: z.number().int().min(1).nullable().default(null),
});
/** A past version of an artifact, as written in a case file. */
export type GivenRevision = z.infer<typeof GivenRevisionSchema>;

/** What exists before the case runs; anything not listed does not exist. */
export const GivenSchema = z.strictObject({
  artifacts: z.array(GivenArtifactSchema).default([]),
  proposals: z.array(ProposalSchema).default([]),
  threads: z.array(ThreadSchema).default([]),
  runs: z.array(RunSchema).default([]),
  /** Message ids already used in the workspace. */
  messages: z.array(z.string()).default([]),
  revisions: z.array(GivenRevisionSchema).default([]),
});
/** What exists before the case runs, defaults filled. */
export type Given = z.infer<typeof GivenSchema>;

const expectedList = z.array(JsonValueSchema).optional();

/**
 * What a case expects: either `{rejection}` alone, or `{outcome}` with any of the lists of
 * events and entities. Each part is matched as a subset (see `subsetDifferences`), except
 * `messages`, which must be equal.
 */
export const ExpectSchema = z
  .strictObject({
    rejection: JsonObjectSchema.optional(),
    outcome: JsonObjectSchema.optional(),
    events: expectedList,
    artifacts: expectedList,
    revisions: expectedList,
    proposals: expectedList,
    threads: expectedList,
    runs: expectedList,
    messages: z.array(z.string()).optional(),
    /** What `viewer` hears of the case's events, as notes (our extension, for decisions). */
    notes: z.strictObject({ viewer: JsonValueSchema, notes: z.array(JsonValueSchema) }).optional(),
  })
  .superRefine((expect, ctx) => {
    const keys = Object.keys(expect);
    if (expect.rejection === undefined && expect.outcome === undefined) {
      ctx.addIssue({ code: "custom", message: "expect needs either rejection or outcome" });
    } else if (expect.rejection !== undefined && keys.length > 1) {
      // The original ignores the rest when a rejection is expected; refusing it keeps a
      // case from asserting what is never checked.
      ctx.addIssue({
        code: "custom",
        message: `a rejection is expected alone, but expect also has ${keys.filter((k) => k !== "rejection").join(", ")}`,
      });
    }
  });
/** What a case expects. */
export type Expect = z.infer<typeof ExpectSchema>;

/**
 * One case: who acts, the `command` or `record` (fact) to decide, what exists before, and
 * what is expected. The actor, command and fact stay raw JSON here: they are parsed when the
 * case runs, so a case can expect the rejection of a malformed one.
 */
export const CaseSchema = z
  .strictObject({
    name: z.string().min(1),
    actor: JsonValueSchema,
    command: JsonValueSchema.optional(),
    record: JsonValueSchema.optional(),
    given: GivenSchema.optional(),
    /** The decision's time, ISO 8601 (our extension: proposals are timed by it). */
    now: z.iso.datetime({ offset: true }).optional(),
    /** The answer channels the host has proven (our extension, for blocking decisions). */
    channels: z.array(z.string().min(1)).optional(),
    /** The host's declared mode ladders (our extension, for thread launch). */
    modes: ModeLaddersSchema.optional(),
    /** The side conversation the command comes from (our extension). */
    side: z
      .strictObject({
        id: z.string().min(1),
        thread_id: z.string().min(1),
        mode: ThreadModeSchema,
      })
      .optional(),
    /** The host's widening of who may do what (our extension, docs/spec.md section 9). */
    widen: z.array(AccessWideningSchema).optional(),
    expect: ExpectSchema,
  })
  .superRefine((testCase, ctx) => {
    if ((testCase.command === undefined) === (testCase.record === undefined)) {
      ctx.addIssue({ code: "custom", message: "a case has exactly one of command and record" });
    }
  });
/** One conformance case. */
export type Case = z.infer<typeof CaseSchema>;
/** One conformance case as written, before defaults are filled. */
export type CaseInput = z.input<typeof CaseSchema>;

/** A case file: a description and its cases, whose names are unique within the file. */
export const CaseFileSchema = z
  .strictObject({
    description: z.string(),
    cases: z.array(CaseSchema),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.cases.forEach((testCase, i) => {
      if (seen.has(testCase.name)) {
        ctx.addIssue({
          code: "custom",
          path: ["cases", i, "name"],
          message: `the name ${JSON.stringify(testCase.name)} is used by an earlier case`,
        });
      }
      seen.add(testCase.name);
    });
  });
/** A case file, parsed. */
export type CaseFile = z.infer<typeof CaseFileSchema>;

/**
 * A case file (or one of its cases) that cannot be run as written. Its message names the file
 * and the case, so a typo is found without a stack trace.
 */
export class CaseFileError extends Error {
  /** Creates the error; `message` already names the file and case. */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "CaseFileError";
  }
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === "number" ? `${out}[${key}]` : `${out}.${String(key)}`),
    "",
  );
}

// "case 3 (“name”)" when the raw JSON has a name there, so the reader finds it by text.
function caseLabel(raw: unknown, index: number): string {
  const cases = (raw as { cases?: unknown } | null)?.cases;
  const name = Array.isArray(cases) ? (cases[index] as { name?: unknown } | null)?.name : null;
  return typeof name === "string" ? `case ${JSON.stringify(name)}` : `case #${index + 1}`;
}

/** Describes one issue of a case file as `case "name": path: message`. */
function describeIssue(raw: unknown, issue: z.core.$ZodIssue): string {
  const [first, index, ...rest] = issue.path;
  if (first === "cases" && typeof index === "number") {
    const where = formatPath(rest).slice(1);
    return `${caseLabel(raw, index)}: ${where === "" ? "" : `${where}: `}${issue.message}`;
  }
  const where = formatPath(issue.path).slice(1);
  return `${where === "" ? "top level" : where}: ${issue.message}`;
}

/**
 * Parses the JSON of a case file.
 *
 * @throws CaseFileError naming `file`, the case and the field when the JSON is not a case file.
 */
export function parseCaseFile(raw: unknown, file: string): CaseFile {
  const parsed = CaseFileSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => `  ${describeIssue(raw, issue)}`);
  throw new CaseFileError(`${file} is not a valid case file:\n${issues.join("\n")}`);
}

/**
 * Reads and parses a case file.
 *
 * @throws CaseFileError when the file cannot be read, is not JSON, or is not a case file.
 */
export function readCaseFile(file: string): CaseFile {
  return parseCaseFile(readJsonFile(file), file);
}

/**
 * Reads a JSON file.
 *
 * @throws CaseFileError naming the file when it cannot be read or parsed.
 */
export function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new CaseFileError(`${file} cannot be read: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CaseFileError(`${file} is not JSON: ${(error as Error).message}`, { cause: error });
  }
}
