// `npm run api`: the public surface, entry by entry, written to api/<entry>.api.md — every
// name an entry of package.json's `exports` exports, its kind and its declaration as the
// package's types declare it, then what those declarations name that the entry does not
// export. Read with the TypeScript compiler from the sources (no build), with the project's
// own compiler options: the same text on every machine, for the TypeScript the lockfile pins.
// test/api-report.test.ts regenerates the reports and fails on any difference.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const ROOT = join(import.meta.dirname, "..");
/** Where the reports live, one `<entry>.api.md` per entry. */
const API_DIR = join(ROOT, "api");

/** A package entry: its import specifier and the source file it is built from. */
interface Entry {
  /** `index`, `rules`, `openai-agents`… (the built file's name). */
  readonly name: string;
  /** `agent-workspace`, `agent-workspace/rules`… */
  readonly specifier: string;
  readonly file: string;
}

/** One declaration, found in the declarations the compiler emits for its file. */
interface Declared {
  /** The source file, relative to the root (`src/model/outcome.ts`). */
  readonly file: string;
  /** Its name where it is declared. */
  readonly name: string;
  readonly kind: string;
  /** The statements that declare it (overloads, merged declarations), as emitted. */
  readonly text: string;
  /** What they name: other declarations of the package, as `file#name`. */
  readonly names: readonly string[];
}

/** The entries of package.json's `exports`, each built from `src/entries/<name>.ts`. */
export function packageEntries(): Entry[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    readonly name: string;
    readonly exports: Record<string, string | { readonly types?: string }>;
  };
  return Object.entries(manifest.exports).flatMap(([subpath, target]) => {
    const types = typeof target === "string" ? undefined : target.types;
    const name = /^\.\/dist\/(.+)\.d\.mts$/.exec(types ?? "")?.[1];
    if (name === undefined) return [];
    const specifier = subpath === "." ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
    return [{ name, specifier, file: join(ROOT, "src", "entries", `${name}.ts`) }];
  });
}

/** The project's compiler options, set to emit declarations only (to memory, never to disk). */
function compilerOptions(): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(ROOT, "tsconfig.json"), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  });
  if (parsed === undefined) throw new Error("api-report: cannot read tsconfig.json");
  return {
    ...parsed.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    removeComments: true,
    newLine: ts.NewLineKind.LineFeed,
    incremental: false,
  };
}

/** Reads what the compiler makes of the entries: their exports, and the emitted declarations. */
function compile(entries: readonly Entry[]) {
  const program = ts.createProgram(
    entries.map((e) => e.file),
    compilerOptions(),
  );
  const emitted = new Map<string, ts.SourceFile>();
  const result = program.emit(
    undefined,
    (name, text) => {
      const file = relative(ROOT, name).replace(/\.d\.ts$/, ".ts");
      emitted.set(file, ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true));
    },
    undefined,
    true,
  );
  // Type errors are `npm run typecheck`'s to report; a declaration that cannot be written is ours.
  if (result.diagnostics.length > 0) {
    throw new Error(ts.formatDiagnostics(result.diagnostics, ts.createCompilerHost({})));
  }
  return { checker: program.getTypeChecker(), program, emitted };
}

/** What a top-level statement of a declaration file declares, by name. */
function declaredName(statement: ts.Statement): string | undefined {
  if (ts.isVariableStatement(statement)) {
    const [first] = statement.declarationList.declarations;
    return first !== undefined && ts.isIdentifier(first.name) ? first.name.text : undefined;
  }
  const name = (statement as { readonly name?: ts.Node }).name;
  return name !== undefined && ts.isIdentifier(name) ? name.text : undefined;
}

/** What a report calls a declaration: `function`, `interface`, `const`… */
function kindOf(statement: ts.Statement): string {
  if (ts.isFunctionDeclaration(statement)) return "function";
  if (ts.isClassDeclaration(statement)) return "class";
  if (ts.isInterfaceDeclaration(statement)) return "interface";
  if (ts.isTypeAliasDeclaration(statement)) return "type";
  if (ts.isEnumDeclaration(statement)) return "enum";
  if (ts.isModuleDeclaration(statement)) return "namespace";
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.flags & ts.NodeFlags.Const ? "const" : "let";
  }
  return ts.SyntaxKind[statement.kind];
}

/** Where each name a declaration file imports (or re-exports) comes from, as `file#name`. */
function importsOf(file: string, source: ts.SourceFile): Map<string, string> {
  const found = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (specifier === undefined || !ts.isStringLiteral(specifier)) continue;
    if (!specifier.text.startsWith(".")) continue;
    const target = relative(ROOT, resolve(ROOT, dirname(file), specifier.text));
    const bindings = ts.isImportDeclaration(statement)
      ? statement.importClause?.namedBindings
      : statement.exportClause;
    if (bindings === undefined || ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings))
      continue;
    for (const element of bindings.elements) {
      found.set(element.name.text, `${target}#${(element.propertyName ?? element.name).text}`);
    }
  }
  return found;
}

/** The package's declarations a statement names (by type reference, `typeof` or `import()`). */
function namesIn(file: string, source: ts.SourceFile, statement: ts.Statement): string[] {
  const imports = importsOf(file, source);
  const local = new Set(source.statements.map(declaredName));
  const found = new Set<string>();
  const leftmost = (name: ts.EntityName | ts.Expression): ts.Node => {
    let node: ts.Node = name;
    while (ts.isQualifiedName(node) || ts.isPropertyAccessExpression(node)) {
      node = ts.isQualifiedName(node) ? node.left : node.expression;
    }
    return node;
  };
  const use = (node: ts.Node): void => {
    if (!ts.isIdentifier(node)) return;
    const imported = imports.get(node.text);
    if (imported !== undefined) found.add(imported);
    else if (local.has(node.text)) found.add(`${file}#${node.text}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isTypeReferenceNode(node)) use(leftmost(node.typeName));
    else if (ts.isExpressionWithTypeArguments(node)) use(leftmost(node.expression));
    else if (ts.isTypeQueryNode(node)) use(leftmost(node.exprName));
    else if (ts.isImportTypeNode(node) && node.qualifier !== undefined) {
      const literal = ts.isLiteralTypeNode(node.argument) ? node.argument.literal : undefined;
      const to = literal !== undefined && ts.isStringLiteral(literal) ? literal.text : "";
      const name = leftmost(node.qualifier);
      if (to.startsWith(".") && ts.isIdentifier(name)) {
        found.add(`${relative(ROOT, resolve(ROOT, dirname(file), to))}#${name.text}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(statement);
  return [...found].sort();
}

type Find = (key: string) => Declared | undefined;

/** Finds declarations in the emitted files by `file#name`, each once. */
function declarations(emitted: ReadonlyMap<string, ts.SourceFile>): Find {
  const seen = new Map<string, Declared | undefined>();
  const find: Find = (key) => {
    if (seen.has(key)) return seen.get(key);
    const [file = "", name = ""] = key.split("#");
    const source = emitted.get(file);
    const statements = (source?.statements ?? []).filter((s) => declaredName(s) === name);
    let found: Declared | undefined;
    if (source !== undefined && statements.length > 0) {
      // An inferred type names the package's own declarations by path (`import("../x.ts").T`):
      // by name only here, so the report does not change when a file moves.
      const text = statements
        .map((s) => s.getText(source).replace(/^export (default )?/, ""))
        .map((t) => t.replaceAll(/import\("\.[^"]*"\)\./g, ""))
        .join("\n");
      const names = [...new Set(statements.flatMap((s) => namesIn(file, source, s)))];
      const kind = [...new Set(statements.map(kindOf))].join(", ");
      found = { file, name, kind, text, names: names.filter((n) => n !== key) };
    } else if (source !== undefined) {
      // A re-export of another module's declaration: follow it.
      const onward = importsOf(file, source).get(name);
      found = onward === undefined ? undefined : find(onward);
    }
    seen.set(key, found);
    return found;
  };
  return find;
}

/** Each entry's exports, by exported name, as the `file#name` of their declarations. */
function exportsOf(
  checker: ts.TypeChecker,
  program: ts.Program,
  entry: Entry,
): Map<string, string> {
  const source = program.getSourceFile(entry.file);
  const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
  if (module === undefined) throw new Error(`api-report: cannot read ${entry.file}`);
  const found = new Map<string, string>();
  for (const symbol of checker.getExportsOfModule(module)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const declaration = target.declarations?.[0];
    const file =
      declaration === undefined ? "?" : relative(ROOT, declaration.getSourceFile().fileName);
    found.set(symbol.name, `${file}#${target.name}`);
  }
  return found;
}

const fence = (text: string): string => ["```ts", text, "```"].join("\n");
/** Orders strings by code point: the same order wherever it runs, whatever the locale. */
const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Finds a declaration that must be there. */
function found(find: Find, key: string): Declared {
  const declared = find(key);
  if (declared === undefined) throw new Error(`api-report: no declaration of ${key}`);
  return declared;
}

/**
 * What the exported declarations name that the entry does not export, by `file#name`, and
 * what those name in turn (not past a declaration another entry exports: its report has it).
 */
function reachedFrom(
  exported: ReadonlySet<string>,
  exporters: ReadonlyMap<string, readonly string[]>,
  find: Find,
): Map<string, Declared> {
  const reached = new Map<string, Declared>();
  const reach = (keys: readonly string[]): void => {
    for (const key of keys) {
      const declared = found(find, key);
      const canonical = `${declared.file}#${declared.name}`;
      if (reached.has(canonical) || exported.has(canonical)) continue;
      reached.set(canonical, declared);
      if (!exporters.has(canonical)) reach(declared.names);
    }
  };
  reach([...exported].flatMap((key) => found(find, key).names));
  return reached;
}

/** One entry's report, in Markdown. */
function renderEntry(
  entry: Entry,
  exported: ReadonlyMap<string, string>,
  exporters: ReadonlyMap<string, readonly string[]>,
  find: Find,
): string {
  const lines = [
    `# \`${entry.specifier}\``,
    "",
    `Generated by \`npm run api\` from \`src/entries/${entry.name}.ts\`: what the entry exports,`,
    "with each declaration as the package's types declare it. Do not edit: `npm test` fails",
    "when this differs from the sources.",
    "",
    "## Exports",
  ];
  for (const [name, key] of [...exported].sort(([a], [b]) => byCodePoint(a, b))) {
    const declared = found(find, key);
    const renamed = declared.name === name ? "" : `, declared as \`${declared.name}\``;
    lines.push("", `### \`${name}\` (${declared.kind}${renamed})`, "", fence(declared.text));
  }
  const reached = reachedFrom(new Set(exported.values()), exporters, find);
  if (reached.size > 0) lines.push("", "## Named above, not exported here");
  // By name, then text: the report says nothing of which file declares what, so moving a
  // declaration between modules leaves it as it was.
  const named = [...reached].sort(
    ([, a], [, b]) => byCodePoint(a.name, b.name) || byCodePoint(a.text, b.text),
  );
  for (const [key, declared] of named) {
    const from = exporters.get(key) ?? [];
    lines.push("", `### \`${declared.name}\` (${declared.kind})`, "");
    if (from.length > 0) lines.push(`Exported by ${from.map((s) => `\`${s}\``).join(", ")}.`);
    else lines.push("Not exported by any entry.", "", fence(declared.text));
  }
  return `${lines.join("\n")}\n`;
}

/** Every entry's report, by file name under api/ (`index.api.md`…). */
export function renderApiReports(): Map<string, string> {
  const entries = packageEntries();
  const { checker, program, emitted } = compile(entries);
  const find = declarations(emitted);
  const exported = new Map(entries.map((e) => [e, exportsOf(checker, program, e)]));
  const exporters = new Map<string, string[]>();
  for (const [entry, names] of exported) {
    for (const key of new Set(names.values())) {
      exporters.set(key, [...(exporters.get(key) ?? []), entry.specifier]);
    }
  }
  const reports = new Map<string, string>();
  for (const [entry, names] of exported) {
    const report = renderEntry(entry, names, exporters, find);
    if (report.includes(ROOT)) throw new Error(`api-report: ${entry.name} names a local path`);
    reports.set(`${entry.name}.api.md`, report);
  }
  return reports;
}

/** The reports as committed under api/, by file name. */
export function committedApiReports(): Map<string, string> {
  const files = readdirSync(API_DIR, { withFileTypes: true }).filter((f) => f.isFile());
  return new Map(files.map((f) => [f.name, readFileSync(join(API_DIR, f.name), "utf8")]));
}

if (process.argv[1] === import.meta.filename) {
  const reports = renderApiReports();
  rmSync(API_DIR, { recursive: true, force: true });
  mkdirSync(API_DIR, { recursive: true });
  for (const [name, text] of reports) writeFileSync(join(API_DIR, name), text);
  console.log(`api: wrote ${reports.size} reports to ${relative(process.cwd(), API_DIR) || "."}`);
}
