import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The kit's published entry points and their source files (package.json `exports`). */
export const entryPoints = {
  "@sentinel/ui": "index.ts",
  "@sentinel/ui/charts": "charts.ts",
  "@sentinel/ui/table": "table.ts",
  "@sentinel/ui/domain": "domain.ts",
} as const;

export interface EntryExport {
  name: string;
  /** `type` for a type-only export (it vanishes at runtime), `value` otherwise. */
  kind: "type" | "value";
  /** The module it is re-exported from, relative to src. */
  from: string;
}

/**
 * The names an entry point exports, read from its re-export lines. Entry points only re-export by name
 * (`export { A, type B } from "…"`); `verbatimModuleSyntax` makes every type re-export say `type`, so
 * the `type` marker tells exactly which names exist at runtime.
 */
export function readEntryExports(file: string): EntryExport[] {
  const fullPath = path.join(srcDir, file);
  const source = ts.createSourceFile(fullPath, readFileSync(fullPath, "utf8"), ts.ScriptTarget.Latest, false);
  const found: EntryExport[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) continue;
    if (
      !ts.isExportDeclaration(statement) ||
      !statement.moduleSpecifier ||
      !ts.isStringLiteral(statement.moduleSpecifier) ||
      !statement.exportClause ||
      !ts.isNamedExports(statement.exportClause)
    ) {
      throw new Error(`${file}: entry points only re-export by name; found "${statement.getText(source)}"`);
    }
    const specifier = statement.moduleSpecifier.text;
    const from = specifier.startsWith(".") ? path.posix.join(path.posix.dirname(file), specifier) : specifier;
    for (const element of statement.exportClause.elements) {
      found.push({
        name: element.name.text,
        kind: statement.isTypeOnly || element.isTypeOnly ? "type" : "value",
        from,
      });
    }
  }
  return found;
}
