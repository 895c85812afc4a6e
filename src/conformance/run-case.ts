import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { decide } from "../decide/decide.ts";
import { parseActor, parseCommand, parseFact } from "../decide/parse.ts";
import type { CommitResult } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import type { Envelope } from "../model/envelope.ts";
import { type IdSource, sequentialIds } from "../model/ids.ts";
import type { JsonObject, JsonValue } from "../model/json.ts";
import type { Registry } from "../model/registry.ts";
import type { Rejection } from "../model/rejections.ts";
import { changeNotes } from "../notes/change-notes.ts";
import {
  type Case,
  type CaseFile,
  CaseFileError,
  parseCaseFile,
  readJsonFile,
} from "./case-file.ts";
import { loadCaseState } from "./load.ts";
import { type Difference, pythonEquals, subsetDifferences } from "./subset.ts";

/** What a case runs against: the registered types, and where generated ids come from. */
export interface RunOptions {
  /** The artifact and feedback types the cases use (the fixtures: `fixtureRegistry()`). */
  readonly registry: Registry;
  /**
   * Fills in the ids a command leaves out (default: a fresh `sequentialIds()` per case, so a
   * case can expect `thr_1`, `msg_1`, … whatever ran before it).
   */
  readonly newId?: IdSource;
}

/** A successful decision as the original dumps it: every part of the `CommitResult`. */
export interface SuccessDump {
  readonly outcome: JsonObject;
  readonly events: JsonValue[];
  readonly artifacts: JsonValue[];
  readonly revisions: JsonValue[];
  readonly proposals: JsonValue[];
  readonly threads: JsonValue[];
  readonly runs: JsonValue[];
  readonly messages: string[];
}

/**
 * What a case produced, as plain JSON: the success dump, `{rejection}` (the rejection payload,
 * including one from parsing the actor, command or fact), or `{error}` when deciding threw.
 */
export type CaseDump = SuccessDump | { readonly rejection: Rejection } | { readonly error: string };

/** The result of one case. */
export interface CaseResult {
  /** The case's name. */
  readonly name: string;
  /** True when every expectation held. */
  readonly passed: boolean;
  /** Where it did not (empty when it passed). */
  readonly differences: readonly Difference[];
  /** What the case actually produced. */
  readonly actual: CaseDump;
}

/** The results of one case file. */
export interface FileResult {
  /** The file's path, as found. */
  readonly file: string;
  /** The file's description. */
  readonly description: string;
  /** One result per case, in file order. */
  readonly results: readonly CaseResult[];
}

// The dump is JSON, so matching and printing see exactly what a JSON implementation would.
function toJson<T>(value: unknown): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function decideCase(testCase: Case, options: RunOptions): CaseDump {
  const actor = parseActor(testCase.actor);
  if (!actor.ok) return toJson({ rejection: actor.rejection });
  const item =
    testCase.command !== undefined
      ? parseCommand(testCase.command, options.newId ?? sequentialIds())
      : parseFact(testCase.record);
  if (!item.ok) return toJson({ rejection: item.rejection });
  let result: ReturnType<typeof decide>;
  try {
    const { now, channels, modes, side, widen } = testCase;
    const state = loadCaseState(item.value, actor.value, testCase.given, options.registry, side);
    const context: DecideContext = {
      actor: actor.value,
      registry: options.registry,
      ...(now === undefined ? {} : { now }),
      ...(channels === undefined ? {} : { channels }),
      ...(modes === undefined ? {} : { modes }),
      ...(side === undefined ? {} : { side }),
      ...(widen === undefined ? {} : { access: widen }),
    };
    result = decide(item.value, state, context);
  } catch (error) {
    // A malformed case is the file's fault; anything else thrown is a bug to report.
    if (error instanceof CaseFileError) throw error;
    return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  if (!result.ok) return toJson({ rejection: result.rejection });
  return toJson<SuccessDump>(result.value satisfies CommitResult);
}

const ENTITY_LISTS = ["events", "artifacts", "revisions", "proposals", "threads", "runs"] as const;

// What the case's `expect.notes.viewer` hears of its events, written as by the case's actor.
function notesDifferences(testCase: Case, events: readonly JsonValue[]): Difference[] {
  const expected = testCase.expect.notes;
  if (expected === undefined) return [];
  const viewer = parseActor(expected.viewer);
  const actor = parseActor(testCase.actor);
  if (!viewer.ok || !actor.ok) throw new CaseFileError("expect.notes.viewer is not an actor");
  const envelopes = events.map(
    (event, i) => ({ seq: i + 1, actor: actor.value, event }) as unknown as Envelope,
  );
  const notes = toJson<JsonValue[]>(changeNotes(envelopes, { viewer: viewer.value }));
  return subsetDifferences(expected.notes, notes, "$.notes");
}

/** Where a case's actual dump fails its `expect` (empty when it passes). */
export function caseDifferences(testCase: Case, actual: CaseDump): Difference[] {
  const { expect } = testCase;
  if ("error" in actual) {
    return [{ path: "$", expected: expect, actual: actual.error, problem: "threw" }];
  }
  if (expect.rejection !== undefined) {
    if (!("rejection" in actual)) {
      return [
        {
          path: "$.rejection",
          expected: expect.rejection,
          actual: actual.outcome,
          problem: "expected_rejection",
        },
      ];
    }
    return subsetDifferences(expect.rejection, actual.rejection, "$.rejection");
  }
  if ("rejection" in actual) {
    return [
      {
        path: "$.outcome",
        expected: expect.outcome,
        actual: actual.rejection,
        problem: "expected_outcome",
      },
    ];
  }
  const found = subsetDifferences(expect.outcome, actual.outcome, "$.outcome");
  for (const key of ENTITY_LISTS) {
    const expected = expect[key];
    if (expected !== undefined) found.push(...subsetDifferences(expected, actual[key], `$.${key}`));
  }
  if (expect.notes !== undefined) found.push(...notesDifferences(testCase, actual.events));
  if (expect.messages !== undefined && !pythonEquals(expect.messages, actual.messages)) {
    found.push({
      path: "$.messages",
      expected: expect.messages,
      actual: actual.messages,
      problem: "not_equal",
    });
  }
  return found;
}

/**
 * Runs one case as the original's runner does: parses the actor and the command or fact
 * (a parse failure is the case's rejection), loads the state through `needs`, decides, and
 * matches the result against `expect`.
 *
 * @throws CaseFileError when the case's `given` is malformed.
 */
export function runCase(testCase: Case, options: RunOptions): CaseResult {
  let actual: CaseDump;
  try {
    actual = decideCase(testCase, options);
  } catch (error) {
    if (!(error instanceof CaseFileError)) throw error;
    throw new CaseFileError(`case ${JSON.stringify(testCase.name)}: ${error.message}`, {
      cause: error,
    });
  }
  const found = caseDifferences(testCase, actual);
  return { name: testCase.name, passed: found.length === 0, differences: found, actual };
}

function isCaseFileShape(raw: unknown): boolean {
  return typeof raw === "object" && raw !== null && !Array.isArray(raw) && "cases" in raw;
}

/**
 * The case files at `paths`: a file is taken as it is; a directory gives its `*.json` files
 * whose top level has `cases`, sorted by name (so `observed-outputs.json` and other data
 * beside the cases are skipped).
 *
 * @throws CaseFileError when a path does not exist.
 */
export function expandCasePaths(paths: readonly string[]): string[] {
  return paths.flatMap((path) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (stats === undefined) throw new CaseFileError(`${path} does not exist`);
    if (!stats.isDirectory()) return [path];
    return readdirSync(path)
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map((name) => join(path, name))
      .filter((file) => statSync(file).isFile() && isCaseFileShape(readJsonFile(file)));
  });
}

function runFile(file: string, options: RunOptions): FileResult {
  const caseFile: CaseFile = parseCaseFile(readJsonFile(file), file);
  try {
    const results = caseFile.cases.map((testCase) => runCase(testCase, options));
    return { file, description: caseFile.description, results };
  } catch (error) {
    if (!(error instanceof CaseFileError)) throw error;
    throw new CaseFileError(`${file} is not a valid case file:\n  ${error.message}`, {
      cause: error,
    });
  }
}

/**
 * Runs every case of the case files at `paths` (files, or directories expanded by
 * {@link expandCasePaths}), file by file.
 *
 * @throws CaseFileError naming the file and case when a path is missing or a file malformed.
 */
export function runCaseFiles(paths: readonly string[], options: RunOptions): FileResult[] {
  return expandCasePaths(paths).map((file) => runFile(file, options));
}
