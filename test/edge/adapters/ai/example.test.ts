import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..", "..", "..");

it("npm run example:ai: the proposal, the person's accept from another process, the note with the diff", async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "examples/frameworks/ai.ts"],
    { cwd: root, encoding: "utf8" },
  );
  const proposal = /proposal (prp_[0-9a-f]+)/.exec(stdout)?.[1] ?? "";
  expect(stdout).toContain(
    `The model saw, from edit_plan:\nSubmitted for review as proposal ${proposal}; it is not applied yet.`,
  );
  expect(stdout).toContain(`Another process: accepted ${proposal} with changes`);
  expect(stdout).toContain(`The model saw, from read_artifact:\nplan (plan, version 2):`);
  expect(stdout).toContain(
    `Alice accepted your proposal ${proposal} for plan, now v2: with changes`,
  );
  expect(stdout).toMatch(/ {4}-Ship on Monday\.\n.*\n {4}\+Ship on Monday at 10:00\./);
});
