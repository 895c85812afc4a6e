import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..", "..", "..");

it("npm run example:mcp: the proposal, the accept from another process, the note with the diff, the question", async () => {
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "examples/frameworks/mcp.ts"],
    { cwd: root, encoding: "utf8" },
  );
  expect(stderr).toBe("");
  const proposal = /proposal (prp_[0-9a-f]+)/.exec(stdout)?.[1] ?? "";
  expect(stdout).toContain(
    "tools: list_artifacts, read_artifact, create_plan, edit_plan, archive_artifact, comment_on_proposal, read_notes, offer_thread, ask_person",
  );
  expect(stdout).toContain(
    `  | Submitted for review as proposal ${proposal}; it is not applied yet.`,
  );
  expect(stdout).toContain(`[another process] accepted ${proposal} with changes`);
  expect(stdout).toContain(
    `  | - plan (plan, version 2)\n  | Since you last looked:\n  | - Alice accepted your proposal ${proposal} for plan, now v2: with changes`,
  );
  expect(stdout).toMatch(/\| {5}-Release: Monday\n {2}\| {5}\+Release: Monday at 10:00\n/);
  expect(stdout).toContain("  | The person answered: Monday (option monday).");
});
