import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { entryPoints, readEntryExports, srcDir } from "./entryPoints.ts";

// Every prop of every exported component is documented where an outside developer reads it (their
// editor's hover, the Storybook controls table), and a prop that falls back to a value says which.
// Read syntactically, one file at a time: a full type-checker program would take seconds.

interface PropDoc {
  name: string;
  optional: boolean;
  description: string;
  defaultTag: string | undefined;
  /** A recipe variant always has a default (the recipe's `defaultVariants`). */
  isRecipeVariant: boolean;
}

const parsed = new Map<string, ts.SourceFile>();
function sourceOf(file: string) {
  let source = parsed.get(file);
  if (!source) {
    const fullPath = path.join(srcDir, file);
    source = ts.createSourceFile(fullPath, readFileSync(fullPath, "utf8"), ts.ScriptTarget.Latest, true);
    parsed.set(file, source);
  }
  return source;
}

function propDoc(member: ts.PropertySignature, source: ts.SourceFile): PropDoc {
  const docs = ts.getJSDocCommentsAndTags(member).filter(ts.isJSDoc);
  const description = docs.map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? "").join(" ");
  const defaultTag = ts.getJSDocTags(member).find((tag) => tag.tagName.text === "default");
  return {
    name: member.name.getText(source).replace(/^["']|["']$/g, ""),
    optional: Boolean(member.questionToken),
    description: description.trim(),
    defaultTag: defaultTag ? (ts.getTextOfJSDocComment(defaultTag.comment) ?? "").trim() : undefined,
    isRecipeVariant: member.type?.getText(source).startsWith("RecipeVariant<") ?? false,
  };
}

/** The props a `*Props` declaration itself declares (inherited ones are documented where declared). */
function declaredProps(typeName: string, file: string): PropDoc[] {
  const source = sourceOf(file);
  const props: PropDoc[] = [];
  const collect = (node: ts.Node) => {
    if (ts.isPropertySignature(node)) props.push(propDoc(node, source));
    else if (!ts.isFunctionTypeNode(node)) ts.forEachChild(node, collect);
  };
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement) && statement.name.text === typeName) statement.members.forEach(collect);
    if (ts.isTypeAliasDeclaration(statement) && statement.name.text === typeName) collect(statement.type);
  }
  return props;
}

/** Props the component gives a value when left out: `{ size = "medium" }` in its parameter. */
function defaultsInCode(componentName: string, file: string): Map<string, string> {
  const defaults = new Map<string, string>();
  const source = sourceOf(file);
  for (const statement of source.statements) {
    if (!ts.isFunctionDeclaration(statement) || statement.name?.text !== componentName) continue;
    const pattern = statement.parameters[0]?.name;
    if (!pattern || !ts.isObjectBindingPattern(pattern)) continue;
    for (const element of pattern.elements) {
      if (!element.initializer) continue;
      const prop = (element.propertyName ?? element.name).getText(source).replace(/^["']|["']$/g, "");
      defaults.set(prop, element.initializer.getText(source));
    }
  }
  return defaults;
}

const propsTypes = Object.values(entryPoints).flatMap((entry) =>
  readEntryExports(entry)
    .filter((e) => e.kind === "type" && e.name.endsWith("Props") && e.from.startsWith("components/"))
    .map((e) => ({ typeName: e.name, file: e.from })),
);

describe("exported props are documented", () => {
  it("finds the exported props types", () => {
    expect(propsTypes.length).toBeGreaterThan(50);
  });

  it.each(propsTypes)("$typeName: every prop has a description", ({ typeName, file }) => {
    const undocumented = declaredProps(typeName, file)
      .filter((prop) => prop.description === "")
      .map((prop) => prop.name);
    expect(undocumented).toEqual([]);
  });

  it.each(propsTypes)("$typeName: every defaulted prop names its default", ({ typeName, file }) => {
    const inCode = defaultsInCode(typeName.replace(/Props$/, ""), file);
    const problems = declaredProps(typeName, file).flatMap((prop) => {
      const codeDefault = inCode.get(prop.name);
      // An optional prop with no default needs no tag; `@default undefined` only repeats that it is optional.
      if (prop.defaultTag === "undefined") return [`${prop.name}: @default undefined (drop the tag)`];
      if (prop.optional && (codeDefault !== undefined || prop.isRecipeVariant) && prop.defaultTag === undefined) {
        return [`${prop.name}: no @default (code default: ${codeDefault ?? "the recipe's"})`];
      }
      // Only simple literals are compared; an expression default is described in words.
      if (codeDefault !== undefined && prop.defaultTag !== undefined && /^(["'\d-]|true|false)/.test(codeDefault)) {
        const normalise = (text: string) => text.replaceAll("'", '"');
        if (normalise(prop.defaultTag) !== normalise(codeDefault)) {
          return [`${prop.name}: @default ${prop.defaultTag} but the code defaults to ${codeDefault}`];
        }
      }
      return [];
    });
    expect(problems).toEqual([]);
  });
});
