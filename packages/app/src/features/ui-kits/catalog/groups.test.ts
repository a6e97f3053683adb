import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogGroups } from "./groups.ts";

/** The value (non-type) names exported by ui's index, read from its source. */
function uiValueExports(): string[] {
  const source = readFileSync(new URL("../../../../../ui/src/index.ts", import.meta.url), "utf8");
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

  it("shows every value @sentinel/ui exports", () => {
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
