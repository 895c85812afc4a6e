import { readFileSync } from "node:fs";
import { afterEach, expect, it, vi } from "vitest";

afterEach(() => vi.restoreAllMocks());

it("the README's usage example is examples/quickstart.ts, verbatim", () => {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const example = readFileSync(new URL("../examples/quickstart.ts", import.meta.url), "utf8");
  expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
});

it("the README opens with the demo and test commands", () => {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const firstBlock = /```(?:sh|bash)\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
  expect(firstBlock).toContain("npm ci && npm run demo");
  expect(firstBlock).toContain("npm ci && npm test");
});

it("the usage example runs and does what its comments say", async () => {
  const lines: unknown[] = [];
  vi.spyOn(console, "log").mockImplementation((value: unknown) => lines.push(value));
  await import("../examples/quickstart.ts");
  expect(lines[0]).toMatch(
    /^Submitted for review as proposal prp_[0-9a-f]{16}; it is not applied yet\./,
  );
  expect(lines[1]).toMatchObject({ type: "resolved", decision: "accept", version: 2, seq: 5 });
  expect(lines[2]).toEqual({ text: "Ship on Monday." });
});

it("the concepts guide's accept-with-changes example is examples/accept-with-changes.ts, verbatim", () => {
  const readme = readFileSync(new URL("../docs/guides/concepts.md", import.meta.url), "utf8");
  const example = readFileSync(
    new URL("../examples/accept-with-changes.ts", import.meta.url),
    "utf8",
  );
  expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
});

it("accepting with changes lands the person's patch, on the proposal or on the current version", async () => {
  const lines: unknown[] = [];
  vi.spyOn(console, "log").mockImplementation((value: unknown) => lines.push(value));
  await import("../examples/accept-with-changes.ts");
  expect(lines.slice(0, 3)).toEqual([
    "Launch on Monday.\nInvite the whole team.\n",
    "conflict",
    "Launch on Thursday.\nInvite the whole team.\n",
  ]);
  const notes = String(lines[3]);
  expect(notes).toMatch(/accepted your proposal prp_\w+ for n1, now v2: with changes/);
  expect(notes).toContain("-Invite the team.\n    +Invite the whole team.");
  expect(notes).toMatch(/now v4 \(rebased: it was based on v2/);
  expect(notes).toContain("-Launch on Tuesday.\n    +Launch on Thursday.");
});

it("the frameworks guide's AI SDK loop is examples/frameworks/ai-host-loop.ts, verbatim", () => {
  const readme = readFileSync(
    new URL("../docs/guides/frameworks-and-tools.md", import.meta.url),
    "utf8",
  );
  const example = readFileSync(
    new URL("../examples/frameworks/ai-host-loop.ts", import.meta.url),
    "utf8",
  );
  expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
});

it("the README's review example is examples/review-in-parts.ts, verbatim", () => {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const example = readFileSync(new URL("../examples/review-in-parts.ts", import.meta.url), "utf8");
  expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
});

it("a partial accept lands the chosen hunk, a revert takes it back, and the agent hears both", async () => {
  const lines: unknown[] = [];
  vi.spyOn(console, "log").mockImplementation((value: unknown) => lines.push(value));
  await import("../examples/review-in-parts.ts");
  expect(lines.slice(0, 2)).toEqual([
    "Launch on Monday.\nInvite the team.\nBook a room.\n",
    "Launch on Friday.\nInvite the team.\nBook a room.\n",
  ]);
  const notes = String(lines[2]).split("\n");
  expect(notes[0]).toMatch(/^- Alice accepted your proposal prp_\w+ for n1, now v2; 1 of 2 hunks/);
  expect(notes).toContain("    not landed hk_1s9fsgeu7t2 at /text:");
  expect(notes).toContain("      +Book the hall.");
  expect(notes.find((l) => l.startsWith("- Alice reverted"))).toMatch(
    /^- Alice reverted your accepted proposal prp_\w+ for n1 \(note, v2\), now v3: Friday was right after all;/,
  );
  expect(notes).toContain("    +Launch on Friday.");
});
