import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ArgTypes, StoryContextForEnhancers } from "storybook/internal/types";
import { describe, expect, it } from "vitest";
import { defaultsFromJsDoc, jsDocDefault } from "../../../../.storybook/argTypesDefaults.ts";
import { srcDir } from "./entryPoints.ts";

// The controls table shows each prop's default. Storybook reads components with react-docgen (the
// react-vite framework's default); this runs the same parser over real components and the preview's
// enhancer over its output, so a docgen change that drops `@default` from descriptions fails here.
const requireFromStorybook = createRequire(
  createRequire(import.meta.url).resolve("@storybook/react-vite/package.json"),
);
// react-docgen is Storybook's dependency, not the kit's: its types are not in reach, so the little
// used here is typed locally.
interface DocgenDoc {
  displayName?: string;
  props?: Record<string, { description?: string; defaultValue?: { value: string } }>;
}
const docgen: { parse(code: string, options: { filename: string }): DocgenDoc[] } = await import(
  pathToFileURL(requireFromStorybook.resolve("react-docgen")).href
);

function controlsTable(file: string, displayName: string) {
  const fullPath = path.join(srcDir, file);
  const [info] = docgen
    .parse(readFileSync(fullPath, "utf8"), { filename: fullPath })
    .filter((doc) => doc.displayName === displayName);
  if (!info) throw new Error(`react-docgen found no ${displayName} in ${file}`);
  // As Storybook's own docgen enhancer leaves them: a row per prop, code defaults only.
  const argTypes: ArgTypes = Object.fromEntries(
    Object.entries(info.props ?? {}).map(([name, prop]) => [
      name,
      { name, table: prop.defaultValue ? { defaultValue: { summary: prop.defaultValue.value } } : {} },
    ]),
  );
  const enhanced = defaultsFromJsDoc({
    argTypes,
    component: { __docgenInfo: info },
  } as unknown as StoryContextForEnhancers);
  return (prop: string) => enhanced[prop]?.table?.defaultValue?.summary;
}

describe("Storybook controls show defaults", () => {
  it("reads the @default line of a description", () => {
    expect(jsDocDefault('How strongly the tone paints the badge.\n@default "subtle"')).toBe('"subtle"');
    expect(jsDocDefault("No default here.")).toBeUndefined();
  });

  it("shows a recipe variant's default, which lives only in @default", () => {
    const defaultOf = controlsTable("components/Badge/Badge.tsx", "Badge");
    expect(defaultOf("weight")).toBe('"subtle"');
    expect(defaultOf("tone")).toBe('"neutral"');
    expect(defaultOf("size")).toBe('"small"');
    expect(defaultOf("label")).toBeUndefined();
  });

  it("keeps a default read from code", () => {
    const defaultOf = controlsTable("components/Button/Button.tsx", "Button");
    expect(defaultOf("pendingLabel")).toBe('"Loading"');
    expect(defaultOf("variant")).toBe('"solid"');
  });

  it("is wired into the preview", () => {
    const preview = readFileSync(path.join(srcDir, "../../../.storybook/preview.tsx"), "utf8");
    expect(preview).toMatch(/argTypesEnhancers: \[defaultsFromJsDoc\]/);
  });
});
