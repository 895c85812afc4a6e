// MAX_DEPTH_CAP is a depth every part survives, on every store: input nested to it goes
// through parsing, refusals, the rules (patches, proposals, three-way merges, previews,
// notes) and each store's writes and reads without a RangeError — with half of Node's default
// stack, as if the call were made from deep inside a host. Past about 1,400 levels on the
// whole default stack (about 700 on half of it), some part throws (ADR 0022).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PG_URL, testDatabase } from "../stores/fixtures/pg-env.ts";
import { tempFiles } from "../stores/fixtures/sqlite-files.ts";

const { file } = tempFiles("limits-cap");
const pg = PG_URL === undefined ? undefined : testDatabase(PG_URL);
const STORES: [string, () => string[]][] = [
  ["memory", () => []],
  ["sqlite", () => [file()]],
  ...(pg === undefined || PG_URL === undefined
    ? []
    : [["postgres", () => [PG_URL as string, pg.schema()]] as [string, () => string[]]]),
];

// Half of V8's default (984 KB on 64-bit).
const HALF_STACK_KB = 492;

/** What the fixture printed, line by line, and how it ended. */
function deepWrites(
  args: readonly string[],
): Promise<{ lines: string[]; code: number | null; stderr: string }> {
  const script = join(import.meta.dirname, "fixtures", "deep-writes.ts");
  const child = spawn(
    process.execPath,
    [`--stack-size=${HALF_STACK_KB}`, "--import", "tsx", script, ...args],
    {
      cwd: join(import.meta.dirname, "..", ".."),
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => {
    child.on("close", (code) => resolve({ lines: stdout.trim().split("\n"), code, stderr }));
  });
}

describe.each(STORES)("input nested to the cap, on half the stack (%s)", (kind, where) => {
  it.each(["object", "array"])(
    "goes through every part without a throw (%s)",
    async (shape) => {
      const { lines, code, stderr } = await deepWrites([kind, shape, ...where()]);
      expect(stderr).not.toMatch(/RangeError/);
      expect({ code, lines }).toEqual({
        code: 0,
        lines: [
          ...Array(13).fill("ok"),
          // Accepted, one cleanly rebased; the third conflicts and stays pending: no throw.
          "proposals accepted accepted pending",
          "reads agree",
          "done",
        ],
      });
    },
    60_000,
  );
});
