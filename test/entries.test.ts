// The public entries, read the way a user's editor reads them: what each one exports, where
// each name is declared, and whether it says what it is.
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const ENTRIES = [
  "index",
  "rules",
  "schemas",
  "merge",
  "testing",
  "sqlite",
  "postgres",
  "checkout",
  "tools",
  "mcp",
  "ai",
  "openai-agents",
  "langgraph",
  "protocol",
  "client",
  "review",
] as const;

interface Exported {
  readonly entry: string;
  readonly name: string;
  /** Where it is declared: file and line. */
  readonly declaredAt: string;
  readonly documented: boolean;
}

function readExports(): Exported[] {
  const files = ENTRIES.map((entry) => join(root, "src", "entries", `${entry}.ts`));
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  return ENTRIES.flatMap((entry, i) => {
    const source = program.getSourceFile(files[i] ?? "");
    const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`cannot read src/${entry}.ts`);
    return checker.getExportsOfModule(module).map((symbol) => {
      const target =
        symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const declaration = target.declarations?.[0];
      const file = declaration?.getSourceFile();
      const line =
        file === undefined || declaration === undefined
          ? 0
          : file.getLineAndCharacterOfPosition(declaration.getStart()).line + 1;
      const documented =
        target.getDocumentationComment(checker).length > 0 ||
        (declaration !== undefined && ts.getJSDocTags(declaration).length > 0);
      return {
        entry,
        name: symbol.name,
        declaredAt: `${file?.fileName.replace(`${root}/`, "") ?? "?"}:${line}`,
        documented,
      };
    });
  });
}

describe("the public entries", () => {
  const exported = readExports();

  it("mean one thing by each name, whichever entry it comes from", () => {
    const places = new Map<string, Set<string>>();
    for (const { name, declaredAt } of exported) {
      places.set(name, (places.get(name) ?? new Set()).add(declaredAt));
    }
    const ambiguous = [...places].filter(([, where]) => where.size > 1);
    expect(ambiguous).toEqual([]);
  });

  it("document every export where it is declared", () => {
    const bare = exported.filter((e) => !e.documented).map((e) => `${e.name} (${e.declaredAt})`);
    expect([...new Set(bare)]).toEqual([]);
  });
});
