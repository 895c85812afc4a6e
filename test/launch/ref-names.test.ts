// The pure names check of a launch: what git refuses in a branch, and what cannot name a new
// worktree, refused before any checkout runs. (test/checkout/ref-names-git.test.ts holds the
// same rules against git itself.)
import { describe, expect, it } from "vitest";
import {
  branchNameFault,
  lengthFault,
  MAX_NAME_BYTES,
  worktreeNameFault,
} from "../../src/launch/ref-names.ts";

describe("branchNameFault", () => {
  const refused: [name: string, fault: string][] = [
    ["", "is empty"],
    ["a..b", "contains .."],
    ["a@{b", "contains @{"],
    ["@{-1}", "contains @{"],
    ["x.", "ends with ."],
    ["x.lock", "has a component ending with .lock"],
    ["x.lock/y", "has a component ending with .lock"],
    [".x", "has a component starting with ."],
    ["a/.x", "has a component starting with ."],
    ["/a", "has an empty component (a leading, trailing or doubled /)"],
    ["a/", "has an empty component (a leading, trailing or doubled /)"],
    ["a//b", "has an empty component (a leading, trailing or doubled /)"],
    ["-x", "starts with -"],
    ["@", "is @, which names the current commit"],
    ["HEAD", "is HEAD, which names the current commit"],
    ["a b", "contains a space"],
    ["a~1", 'contains "~"'],
    ["a^", 'contains "^"'],
    ["a:b", 'contains ":"'],
    ["a?", 'contains "?"'],
    ["a*", 'contains "*"'],
    ["a[b", 'contains "["'],
    ["a\\b", 'contains "\\\\"'],
    ["a\tb", "contains the control character U+0009"],
    ["a\u0000b", "contains the control character U+0000"],
    ["a\u007fb", "contains the control character U+007F"],
    ["a\u0085b", "contains the control character U+0085"],
    ["a\uD800b", "is not well-formed Unicode"],
  ];
  it.each(refused)("refuses %j: %s", (name, fault) => {
    expect(branchNameFault(name)).toBe(fault);
  });

  it.each([
    "main",
    "fix/login-loop",
    "a./b",
    "x/@",
    "@a",
    "a@",
    "{",
    "head",
    "a/HEAD",
    "é/ü",
    "a.lockx",
    "lock",
  ])("accepts %j", (name) => {
    expect(branchNameFault(name)).toBeNull();
  });
});

describe("lengthFault", () => {
  it("refuses a component past the byte limit, counting UTF-8 bytes", () => {
    expect(lengthFault("a".repeat(MAX_NAME_BYTES))).toBeNull();
    expect(lengthFault(`x/${"a".repeat(MAX_NAME_BYTES)}/y`)).toBeNull();
    expect(lengthFault("a".repeat(MAX_NAME_BYTES + 1))).toBe(
      `has a component longer than ${MAX_NAME_BYTES} bytes`,
    );
    // 121 two-byte characters are 242 bytes.
    expect(lengthFault(`x/${"é".repeat(121)}`)).not.toBeNull();
  });
});

describe("worktreeNameFault", () => {
  it.each(["thr_1", "thr_0123456789abcdef", "A.b-c_d", "9", "x.lockx"])("accepts %j", (id) => {
    expect(worktreeNameFault(id)).toBeNull();
  });

  it.each(["a/b", "../escape", ".", "..", ".x", "-x", "_x", "a b", "é", "@", "a@{b", ""])(
    "refuses %j as not one plain path segment",
    (id) => {
      expect(worktreeNameFault(id)).toMatch(/^is not one plain path segment/);
    },
  );

  it.each([
    ["a..b", "contains .."],
    ["x.lock", "has a component ending with .lock"],
    ["x.", "ends with ."],
    ["HEAD", "is HEAD, which names the current commit"],
    ["a".repeat(MAX_NAME_BYTES + 1), `has a component longer than ${MAX_NAME_BYTES} bytes`],
  ])("refuses %j as git would: %s", (id, fault) => {
    expect(worktreeNameFault(id)).toBe(fault);
  });
});
