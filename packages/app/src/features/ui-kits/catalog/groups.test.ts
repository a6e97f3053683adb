import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogGroups } from "./groups.ts";

/** The kit's entry points: the main one, charts and tables behind their own, and the domain tables alone. */
const entryPoints = ["index.ts", "charts.ts", "table.ts", "domain.ts"];

/** The value (non-type) names exported by ui's entry points, read from their source. */
function uiValueExports(): string[] {
  const source = entryPoints
    .map((file) => readFileSync(new URL(`../../../../../ui/src/${file}`, import.meta.url), "utf8"))
    .join("\n");
  const names: string[] = [];
  for (const [, body] of source.matchAll(/export\s*\{([^}]*)\}\s*from/g)) {
    for (const part of (body ?? "").split(",")) {
      const entry = part.trim();
      if (!entry || entry.startsWith("type ")) continue;
      names.push(
        entry
          .split(/\s+as\s+/)
          .pop()
          ?.trim() ?? entry,
      );
    }
  }
  return names;
}

describe("ui kits catalogue", () => {
  const catalogued = catalogGroups.flatMap((group) => [...group.names]);

  it("shows every value @sentinel/ui and its charts and table entry points export", () => {
    const missing = uiValueExports().filter((name) => !catalogued.includes(name as never));
    expect(missing).toEqual([]);
  });

  it("lists nothing ui does not export", () => {
    const exported = new Set(uiValueExports());
    expect(catalogued.filter((name) => !exported.has(name))).toEqual([]);
  });

  it("lists each name once", () => {
    expect(new Set(catalogued).size).toBe(catalogued.length);
  });
});
