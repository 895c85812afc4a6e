// The house: every folder of src belongs to a layer, and imports only go down. A failure here
// names the file and the import that broke the order.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The folders of src, bottom first: a file may import its own folder and the ones before it.
 * The pure core (the wire schemas and the rules, concept by concept) comes first, then the
 * shell that wires them to stores and hosts, then the edge (`edge/…`): what speaks to the
 * outside. The entries (`entries/…`) may import anything and nothing imports them.
 */
const LAYERS = [
  "parity",
  "persistent",
  "model",
  "json-schema",
  "merge",
  "patches",
  "notes",
  "access",
  "scopes",
  "threads",
  "artifacts",
  "proposals",
  "runs",
  "decisions",
  "feedback",
  "launch",
  "offers",
  "sides",
  "texts",
  "protocol",
  "decide",
  "stores",
  "workspace",
  "checkout",
  "host",
  "tools",
  "conformance",
  "testing",
  "edge/adapters",
  "edge/serve",
  "edge/client",
  "edge/page",
  "edge/bin",
] as const;

/** Folders that hold pure code: no I/O modules, nothing asynchronous. */
const PURE: ReadonlySet<string> = new Set(LAYERS.slice(0, LAYERS.indexOf("decide") + 1));

/** One source file: its path under src, what it imports (paths under src, or bare specifiers). */
interface SourceFile {
  readonly path: string;
  readonly imports: readonly string[];
  readonly text: string;
}

// `from "…"` of an import or export (not a method named `from`), and `import "…"` or `import("…")`.
const SPECIFIER = /(?:(?<![.#\w$])from\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

function readSources(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".ts")) {
        const text = readFileSync(full, "utf8");
        const path = relative(root, full);
        const imports = [...text.matchAll(SPECIFIER)].map(([, spec = ""]) =>
          spec.startsWith(".") ? normalize(join(dirname(path), spec)) : spec,
        );
        files.push({ path, imports, text });
      }
    }
  };
  walk(root);
  return files;
}

const folderOf = (path: string): string => dirname(path);
/** The layer a path under src is in (`edge/serve/x.ts` is in `edge/serve`), or -1. */
const layerOf = (path: string): number => {
  const [first = "", second = ""] = path.split("/");
  const layers: readonly string[] = LAYERS;
  return layers.indexOf(first === "edge" ? `${first}/${second}` : first);
};
const isEntry = (path: string): boolean => path.startsWith("entries/");
/**
 * Whether an import (relative ones already resolved under src) points into src: a layer's
 * folder, or a file beside the entries. A bare package never looks like either.
 */
const isSourcePath = (target: string): boolean =>
  layerOf(target) >= 0 || /^(entries\/)?[\w-]+\.(ts|js|mjs|mts|cjs|cts|tsx|jsx)$/.test(target);

/** Folder-level cycles, each as the folders on it (Tarjan's strongly connected components). */
function folderCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      component.push(top);
      if (top === node) break;
    }
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** Everything that breaks the house, one line each; empty when it stands. */
function violations(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    if (isEntry(file.path)) continue;
    const layer = layerOf(file.path);
    if (layer < 0) found.push(`${file.path}: its folder is in no layer`);
    const pure = PURE.has(file.path.split("/")[0] ?? "");
    if (pure && /\b(async|await)\b/.test(file.text))
      found.push(`${file.path}: asynchronous code in a pure layer`);
    for (const target of file.imports) {
      if (/^agent-workspace(\/|$)/.test(target))
        found.push(`${file.path}: imports the package itself (${target})`);
      else if (isSourcePath(target) && !target.endsWith(".ts"))
        found.push(
          `${file.path}: imports ${target}: name the .ts file, so the check can follow it`,
        );
      if (!target.endsWith(".ts")) {
        if (pure && target.startsWith("node:"))
          found.push(`${file.path}: imports ${target} in a pure layer`);
        continue;
      }
      if (isEntry(target)) found.push(`${file.path}: imports the entry ${target}`);
      else if (layerOf(target) > layer)
        found.push(`${file.path}: imports ${target}, a layer above its own`);
      const [from, to] = [folderOf(file.path), folderOf(target)];
      if (from !== to && !isEntry(target)) {
        const out = edges.get(from) ?? new Set<string>();
        out.add(to);
        edges.set(from, out);
      }
    }
  }
  for (const cycle of folderCycles(edges)) found.push(`folders import each other: ${cycle}`);
  return found;
}

const file = (path: string, imports: string[] = [], text = ""): SourceFile => ({
  path,
  imports,
  text,
});

describe("the layers of src", () => {
  const sources = readSources(join(import.meta.dirname, "..", "src"));

  it("hold: every folder in a layer, imports one way, no folders importing each other, pure layers pure", () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(violations(sources)).toEqual([]);
  });
});

describe("the layer check", () => {
  it("catches an import of a higher layer", () => {
    const found = violations([file("artifacts/x.ts", ["workspace/y.ts"]), file("workspace/y.ts")]);
    expect(found).toEqual(["artifacts/x.ts: imports workspace/y.ts, a layer above its own"]);
    expect(violations([file("edge/serve/x.ts", ["edge/bin/y.ts"])])).toEqual([
      "edge/serve/x.ts: imports edge/bin/y.ts, a layer above its own",
    ]);
  });

  it("catches two folders of one layer that import each other, and longer cycles", () => {
    expect(
      violations([
        file("stores/a/x.ts", ["stores/b/y.ts"]),
        file("stores/b/y.ts", ["stores/a/x.ts"]),
      ]),
    ).toEqual(["folders import each other: stores/a,stores/b"]);
    expect(
      violations([
        file("stores/a/x.ts", ["stores/b/y.ts"]),
        file("stores/b/y.ts", ["stores/c/z.ts"]),
        file("stores/c/z.ts", ["stores/a/x.ts"]),
      ]),
    ).toEqual(["folders import each other: stores/a,stores/b,stores/c"]);
  });

  it("catches an import it could not follow: a .js name for a source file, or the package by name", () => {
    expect(
      violations([file("artifacts/x.ts", ["workspace/api.js", "agent-workspace/tools", "zod"])]),
    ).toEqual([
      "artifacts/x.ts: imports workspace/api.js: name the .ts file, so the check can follow it",
      "artifacts/x.ts: imports the package itself (agent-workspace/tools)",
    ]);
    expect(violations([file("host/x.ts", ["entries/index.js"])])).toEqual([
      "host/x.ts: imports entries/index.js: name the .ts file, so the check can follow it",
    ]);
  });

  it("catches a module importing a package entry, and a folder in no layer", () => {
    expect(violations([file("host/x.ts", ["entries/index.ts"]), file("entries/index.ts")])).toEqual(
      ["host/x.ts: imports the entry entries/index.ts"],
    );
    expect(violations([file("misc/x.ts")])).toEqual(["misc/x.ts: its folder is in no layer"]);
    expect(violations([file("edge/misc/x.ts")])).toEqual([
      "edge/misc/x.ts: its folder is in no layer",
    ]);
  });

  it("catches I/O and asynchronous code in a pure layer", () => {
    expect(violations([file("decide/x.ts", ["node:fs"])])).toEqual([
      "decide/x.ts: imports node:fs in a pure layer",
    ]);
    expect(violations([file("proposals/x.ts", [], "export async function f() {}")])).toEqual([
      "proposals/x.ts: asynchronous code in a pure layer",
    ]);
    expect(violations([file("host/x.ts", ["node:fs"], "export async function f() {}")])).toEqual(
      [],
    );
  });
});
