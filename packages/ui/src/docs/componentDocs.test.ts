import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Every component's docs page must say when to use it, when not to, and how it is accessible
// (the designers' review checklist). The text lives in each story meta's docs description.
const componentsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "../components");
const storyFiles = readdirSync(componentsDir, { recursive: true, encoding: "utf8" }).filter(
  // Screenshot folders are named after their story file.
  (file) => file.endsWith(".stories.tsx") && !file.includes("__screenshots__"),
);

describe("component docs pages", () => {
  it("finds the story files", () => {
    expect(storyFiles.length).toBeGreaterThan(40);
  });

  it.each(storyFiles)("%s gives usage, do/don't and accessibility notes", (file) => {
    const source = readFileSync(path.join(componentsDir, file), "utf8");
    expect(source).toMatch(/docs: \{ description: \{ component: usage \} \}/);
    const usage = /^const usage =\s*(["'])(.*)\1;$/m.exec(source)?.[2] ?? "";
    expect(usage).toContain("**When to use.**");
    expect(usage).toContain("**When not to.**");
    expect(usage).toContain("**Accessibility.**");
  });
});
