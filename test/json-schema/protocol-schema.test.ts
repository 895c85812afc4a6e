import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareSchemas } from "../../src/json-schema/compare.ts";
import { extensionFor, pathMatches, SCHEMA_EXTENSIONS } from "../../src/json-schema/extensions.ts";
import { protocolSchema } from "../../src/json-schema/protocol-schema.ts";

const original = JSON.parse(
  readFileSync(
    join(import.meta.dirname, "..", "..", "conformance", "protocol-schema.v1.json"),
    "utf8",
  ),
) as unknown;

describe("the wire model's JSON Schema", () => {
  const ours = protocolSchema();
  const differences = compareSchemas(ours, original);

  it("differs from the original's only where an extension says so", () => {
    const unlisted = differences.filter((d) => extensionFor(d) === undefined);
    expect(unlisted).toEqual([]);
  });

  it("lists no extension that no longer differs", () => {
    const stale = SCHEMA_EXTENSIONS.flatMap((extension) =>
      extension.paths.filter(
        (pattern) =>
          !differences.some((d) => d.change === extension.change && pathMatches(pattern, d.path)),
      ),
    );
    expect(stale).toEqual([]);
  });

  it("names every definition whose ids it limits, so a new one's limit is a difference", () => {
    const limits = (path: string) => ({ change: "added" as const, path });
    expect(extensionFor(limits("/$defs/PostMessage/properties/thread_id/minLength"))).toBeDefined();
    expect(extensionFor(limits("/$defs/AppEvent/properties/run_id/anyOf/0/pattern"))).toBeDefined();
    expect(
      extensionFor(limits("/$defs/NewCommand/properties/thread_id/minLength")),
    ).toBeUndefined();
    expect(extensionFor(limits("/$defs/AppEvent/properties/run_id/minLength"))).toBeUndefined();
    expect(extensionFor(limits("/$defs/PostMessage/properties/run_id/pattern"))).toBeUndefined();
  });

  it("gives every extension its reason", () => {
    for (const extension of SCHEMA_EXTENSIONS) expect(extension.why.length).toBeGreaterThan(20);
  });

  it("keeps the original's frames, commands, events and models as they are", () => {
    const theirs = original as { $defs: Record<string, unknown> };
    const mine = ours as { $defs: Record<string, unknown> };
    // Nothing of the original's is missing.
    expect(Object.keys(mine.$defs)).toEqual(expect.arrayContaining(Object.keys(theirs.$defs)));
    expect(differences.filter((d) => d.change !== "added").map((d) => d.path)).toEqual([
      "/$defs/CommandResult/properties/rejection/anyOf/0/additionalProperties",
      "/$defs/CommandResult/properties/rejection/anyOf/0/type",
    ]);
  });

  it("is the same every time", () => {
    expect(JSON.stringify(protocolSchema())).toBe(JSON.stringify(ours));
  });
});

describe("comparing schemas", () => {
  it("names keys added, removed and changed, and list items by value", () => {
    const a = {
      x: 1,
      list: [{ $ref: "#/$defs/A" }, { $ref: "#/$defs/B" }],
      required: ["a"],
      description: "ours",
    };
    const b = {
      x: 2,
      y: 3,
      list: [{ $ref: "#/$defs/A" }],
      required: ["a", "b"],
      description: "theirs",
    };
    expect(compareSchemas(a, b)).toEqual([
      { change: "added", path: "/list/[B]" },
      { change: "removed", path: "/required/[b]" },
      { change: "changed", path: "/x" },
      { change: "removed", path: "/y" },
    ]);
  });

  it("matches paths by segment, with * and alternatives", () => {
    expect(pathMatches("/$defs/*/properties/{a,b}", "/$defs/X/properties/b")).toBe(true);
    expect(pathMatches("/$defs/*/properties/{a,b}", "/$defs/X/properties/c")).toBe(false);
    expect(pathMatches("/$defs/*", "/$defs/X/properties")).toBe(false);
  });
});
