// No dead exports: a name a module under src exports is imported somewhere (by code, a test,
// a script, a benchmark or an example), or it is not exported. The entries (src/*.ts) are the
// package's surface and are read by test/entries.test.ts instead.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const FOLDERS = ["src", "test", "scripts", "bench", "examples"];

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : tsFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

/** The names a file exports by declaration (`export const x`, `export function f`…). */
function declaredExports(source: ts.SourceFile): string[] {
  return source.statements.flatMap((statement) => {
    const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
    if (!modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return [];
    if (ts.isVariableStatement(statement))
      return statement.declarationList.declarations.map((d) => d.name.getText(source));
    const name = (statement as { name?: ts.Node }).name;
    return name === undefined ? [] : [name.getText(source)];
  });
}

/** What each file imports from each other file: names, or "*" for everything. */
function importedNames(files: readonly ts.SourceFile[]): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const use = (target: string, name: string) =>
    used.set(target, (used.get(target) ?? new Set()).add(name));
  for (const source of files) {
    const from = dirname(source.fileName);
    for (const match of source.text.matchAll(/import\(\s*["'](\.[^"']+)["']\s*\)/g))
      use(resolve(from, match[1] ?? ""), "*");
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      const specifier = statement.moduleSpecifier;
      if (specifier === undefined || !ts.isStringLiteral(specifier)) continue;
      if (!specifier.text.startsWith(".")) continue;
      const target = resolve(from, specifier.text);
      const bindings = ts.isImportDeclaration(statement)
        ? statement.importClause?.namedBindings
        : statement.exportClause;
      if (
        bindings === undefined ||
        ts.isNamespaceImport(bindings) ||
        ts.isNamespaceExport(bindings)
      )
        use(target, "*");
      else
        for (const element of bindings.elements)
          use(target, (element.propertyName ?? element.name).text);
    }
  }
  return used;
}

describe("the modules of src", () => {
  it("export only what something imports", () => {
    const files = FOLDERS.flatMap((folder) => tsFiles(join(root, folder))).map((path) =>
      ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true),
    );
    const used = importedNames(files);
    const src = join(root, "src");
    const dead = files
      .filter((f) => f.fileName.startsWith(src) && relative(src, f.fileName).includes("/"))
      .flatMap((f) => {
        const names = used.get(f.fileName) ?? new Set<string>();
        if (names.has("*")) return [];
        return declaredExports(f)
          .filter((name) => !names.has(name))
          .map((name) => `${relative(root, f.fileName)}: ${name}`);
      });
    expect(files.length).toBeGreaterThan(300);
    expect(dead).toEqual([]);
  });
});
