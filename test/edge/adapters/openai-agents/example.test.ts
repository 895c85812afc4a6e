// `npm run example:openai-agents`, as a clean clone runs it: its own process, no network.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..", "..", "..");

it("the OpenAI Agents example: a proposal, accepted with changes elsewhere, told as a note with the diff", async () => {
  const script = join(root, "examples", "frameworks", "openai-agents.ts");
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", script], {
    cwd: root,
    encoding: "utf8",
  });
  const [first = "", person = "", second = ""] = stdout.split(/\n== /).slice(1);
  expect(first).toMatch(
    /from edit_plan:\nSubmitted for review as proposal prp_\w+; it is not applied yet/,
  );
  expect(person).toMatch(/^the person, in another process: accepted prp_\w+ with changes/);
  expect(second).toContain('"text": "Ship on Monday at 10:00."');
  expect(second).toMatch(/Alice accepted your proposal prp_\w+ for plan, now v2: with changes/);
  expect(second).toContain("\n    -Ship on Monday.\n");
  expect(second).toContain("\n    +Ship on Monday at 10:00.\n");
});
