import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Role checks read this page load's profile (`useRole`, then `permissionOf`), never the user kept in the
// session store: that copy comes from browser storage and reaches the store an effect after the
// profile, so a control checked against it showed for a moment to a user whose role does not allow it
// (docs/decisions.md, "Role-gated controls before the profile loads").

const srcDir = path.dirname(fileURLToPath(import.meta.url)).replace(/\/lib$/, "");

/**
 * Files that may read the stored role: as a hint for which request to start, never for what shows;
 * and the access-denied page, which names the role in words and is drawn only once the guard has the
 * profile's answer (lazily, after the effect that puts the profile's user in the store).
 */
const allowed = new Set(["lib/sessionQueries.ts", "shell/AppShell.tsx", "features/errors/screens/ForbiddenScreen.tsx"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\./.test(entry.name) ? [full] : [];
  });
}

describe("role checks", () => {
  it("read the profile's role, not the session store's", () => {
    const offenders = sourceFiles(srcDir)
      .map((file) => path.relative(srcDir, file).split(path.sep).join("/"))
      .filter((relative) => !allowed.has(relative) && !relative.startsWith("testing/"))
      .filter((relative) => {
        const text = readFileSync(path.join(srcDir, relative), "utf8");
        return /\buseSession\b/.test(text) && /\.role\b/.test(text);
      });
    expect(offenders).toEqual([]);
  });
});
