// The docs keep to the code where a machine can tell: every path under the repository and every
// link a living doc names exists, every ADR it cites exists, every rule id that anything cites
// is defined in docs/spec.md, and an ADR that cites "SPEC" says where that is.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

/** Files under `dir` (relative to the repository), recursively, whose names pass `keep`. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const full = join(ROOT, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, encoding: "utf8" })
    .filter((name) => keep(name) && !name.split("/").includes("node_modules"))
    .map((name) => join(dir, name));
}

const read = (file: string): string => readFileSync(join(ROOT, file), "utf8");
const markdown = (name: string): boolean => name.endsWith(".md");
const ADR_DIR = "docs/adr";

/** ADRs from this number on describe the code as it is, and are held to it like the guides. */
const FIRST_LIVING_ADR = 42;

/** The docs that describe the code as it is now (older ADRs are history). */
function livingDocs(): string[] {
  const adrs = readdirSync(join(ROOT, ADR_DIR))
    .filter((name) => Number(name.slice(0, 4)) >= FIRST_LIVING_ADR)
    .map((name) => join(ADR_DIR, name));
  return [
    "README.md",
    "bench/README.md",
    "docs/spec.md",
    "docs/architecture.md",
    ...filesUnder("docs/guides", markdown),
    ...adrs,
  ];
}

// A path into the repository as the docs write them: `src/edge/serve/handler.ts`, `test/`.
const REPO_PATH = /(?<![\w./-])(?:src|test|examples|scripts|bench|conformance|docs|api)\/[\w./-]*/g;
// A Markdown link's target: `[text](target)` or `[text](target#anchor)`.
const LINK = /\]\(([^)\s#]*)(?:#[^)\s]*)?\)/g;

/** The paths a doc names (repository-relative) and its links (resolved), that do not exist. */
function missingPaths(file: string, text: string): string[] {
  const named = [...text.matchAll(REPO_PATH)].map(([path]) => path.replace(/[.,:;]+$/, ""));
  const linked = [...text.matchAll(LINK)]
    .map(([, target = ""]) => target)
    .filter((target) => target !== "" && !/^[a-z]+:/.test(target))
    .map((target) => relative(ROOT, join(ROOT, dirname(file), target)));
  return [...new Set([...named, ...linked])].filter((path) => !existsSync(join(ROOT, path)));
}

// `ADR 0042`, `ADRs 0024–0027`, `ADRs 0006, 0007 and 0030`.
const ADR_CITATION = /\bADRs?\s+\d{4}(?:(?:[–-]|,\s*|\s+and\s+)\d{4})*/g;

/** The ADR numbers a text cites that have no file in docs/adr. */
function missingAdrs(text: string, adrs: ReadonlySet<string>): string[] {
  const cited = [...text.matchAll(ADR_CITATION)].flatMap(([c]) => c.match(/\d{4}/g) ?? []);
  return [...new Set(cited)].filter((number) => !adrs.has(number));
}

/** The rule ids and sections docs/spec.md defines: `- **P10.**` items and `## 9.` headings. */
function definedRules(spec: string): Set<string> {
  const ids = [...spec.matchAll(/^- \*\*([A-Z]\d{0,2})\./gm)].map(([, id = ""]) => id);
  const sections = [...spec.matchAll(/^## (\d+)\./gm)].map(([, n = ""]) => `section ${n}`);
  return new Set([...ids, ...sections]);
}

// How rule ids are cited: `P10`, `S1–S3`, `5.T` (rule T of section 5), `Rule L`, `section 9`.
const CITATIONS: readonly [RegExp, (match: RegExpMatchArray) => string][] = [
  [/\b[PRS]\d{1,2}\b/g, ([id]) => id],
  [/\b5\.([A-Z])\b/g, ([, id = ""]) => id],
  [/\b[Rr]ules? ([A-Z]\d{0,2})\b/g, ([, id = ""]) => id],
  [/\bsections? (\d+)\b/g, ([, n = ""]) => `section ${n}`],
];

/** The rule ids and sections a text cites that `defined` lacks. */
function undefinedRules(text: string, defined: ReadonlySet<string>): string[] {
  const cited = CITATIONS.flatMap(([pattern, id]) => [...text.matchAll(pattern)].map(id));
  return [...new Set(cited)].filter((id) => !defined.has(id));
}

/** Everything that may cite a rule: docs, case files, and the sources of every kind. */
function citingFiles(): string[] {
  const code = (name: string) => /\.(ts|mts|mjs)$/.test(name);
  return [
    "README.md",
    ...filesUnder("docs", markdown),
    ...filesUnder("bench", (name) => markdown(name) || code(name)),
    ...filesUnder("conformance", markdown).filter((f) => !f.startsWith("conformance/artifactr")),
    ...filesUnder("conformance/cases", (name) => name.endsWith(".json")),
    ...filesUnder("src", code),
    ...filesUnder("scripts", code),
    ...filesUnder("examples", code),
    // This file's own checks name ids that are undefined on purpose.
    ...filesUnder("test", code).filter((file) => file !== "test/docs.test.ts"),
  ];
}

/** Whether a doc cites "SPEC" (the spec's old name) without a pointer to docs/spec.md. */
function citesSpecUnpointed(text: string): boolean {
  return /\bSPEC\b/.test(text) && !text.includes("docs/spec.md");
}

const each = (files: readonly string[], problems: (file: string) => readonly string[]) =>
  files.flatMap((file) => problems(file).map((problem) => `${file}: ${problem}`));

describe("the docs", () => {
  const adrs = new Set(readdirSync(join(ROOT, ADR_DIR)).map((name) => name.slice(0, 4)));
  const defined = definedRules(read("docs/spec.md"));

  it("name only paths and links that exist, and ADRs that exist", () => {
    const docs = livingDocs();
    expect(docs.length).toBeGreaterThan(10);
    expect(each(docs, (file) => missingPaths(file, read(file)))).toEqual([]);
    expect(each(docs, (file) => missingAdrs(read(file), adrs))).toEqual([]);
  });

  it("cite only rule ids and sections docs/spec.md defines, from docs, cases and sources", () => {
    for (const id of ["R4", "P10", "T", "L", "D", "B", "S6", "section 9"]) {
      expect(defined).toContain(id);
    }
    const files = citingFiles();
    expect(files.length).toBeGreaterThan(300);
    expect(each(files, (file) => undefinedRules(read(file), defined))).toEqual([]);
  });

  it("never cite SPEC without saying it is docs/spec.md", () => {
    const docs = ["README.md", "bench/README.md", ...filesUnder("docs", markdown)];
    expect(docs.filter((file) => citesSpecUnpointed(read(file)))).toEqual([]);
  });
});

describe("the docs checks", () => {
  it("catch a path, a link or an ADR that does not exist", () => {
    const text = "See `src/no-such-file.ts`, [this](guides/gone.md) and `src/merge/` (ADR 0999).";
    expect(missingPaths("docs/x.md", text)).toEqual(["src/no-such-file.ts", "docs/guides/gone.md"]);
    expect(missingAdrs("ADRs 0001, 0002 and 0999; ADR 0998", new Set(["0001", "0002"]))).toEqual([
      "0999",
      "0998",
    ]);
  });

  it("catch a rule id or a section the spec does not define, however it is cited", () => {
    const defined = definedRules("## 5. Beyond\n\n- **T.** Offers.\n- **P1.** Rebase.\n");
    expect([...defined]).toEqual(["T", "P1", "section 5"]);
    const text = "P1, P11 and S1–S3; SPEC 5.T and 5.Q; Rule L; section 5, section 9.";
    expect(undefinedRules(text, defined)).toEqual(["P11", "S1", "S3", "Q", "L", "section 9"]);
  });

  it("catch SPEC cited without a pointer", () => {
    expect(citesSpecUnpointed("SPEC P1 wants a merge.")).toBe(true);
    expect(citesSpecUnpointed("The spec (docs/spec.md): SPEC P1.")).toBe(false);
    expect(citesSpecUnpointed("const SPECIFIER = 1;")).toBe(false);
  });
});
