import { readdirSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The app's layers run one way: shared → features → app (docs/decisions.md, "One-way layers").
// Every file under src/ (stories and tests included) is read, each import is resolved to a file,
// and an import that points the wrong way fails here with the file and the specifier. Biome's
// noRestrictedImports flags the same imports where a string pattern can name them (biome.json);
// this test is the whole rule, feature-to-feature imports included.

const srcDir = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.dirname(srcDir);

type Layer = "shared" | "features" | "app" | "testing";

/**
 * Where each entry of src/ sits. A new top-level folder fails the walk below until it is placed here.
 * - shared: code any feature may use; it knows no feature and no app wiring.
 * - features: one folder per area; an area imports shared code and its own files only.
 * - app: the router, the providers and the shell (guards, sidebar, top bar) that compose the areas.
 * - testing: the story and test harness. It renders the whole app, so it may import any layer, and
 *   only stories, tests and other test helpers may import it.
 */
const topLevel: Record<string, Layer> = {
  config: "shared",
  lib: "shared",
  components: "shared",
  shared: "shared",
  "layers.test.ts": "shared",
  features: "features",
  app: "app",
  shell: "app",
  "main.tsx": "app",
  testing: "testing",
};

interface Place {
  layer: Layer;
  /** The area of a file under features/. */
  feature?: string;
}

/** The layer of a path relative to src/ (posix separators); undefined when outside src/ or unplaced. */
function placeOf(relative: string): Place | undefined {
  const [top, second] = relative.split("/");
  if (top === undefined || top === ".." || path.isAbsolute(relative)) return undefined;
  const layer = topLevel[top];
  if (layer === "features") return second ? { layer, feature: second } : undefined;
  return layer ? { layer } : undefined;
}

/** Stories, tests and files in a `testing/` folder: the only files that may import test helpers. */
function isTestSupport(relative: string): boolean {
  return /\.(test|stories)\./.test(path.posix.basename(relative)) || relative.split("/").includes("testing");
}

/** A file in an `api/` folder: queries, mutations and the cache rules they own. */
function isDataCode(relative: string): boolean {
  return relative.split("/").slice(0, -1).includes("api");
}

/** A file in a folder of views: screens, components, or the findings section. */
function isViewCode(relative: string): boolean {
  const folders = relative.split("/").slice(0, -1);
  return folders.some((folder) => folder === "screens" || folder === "components" || folder === "section");
}

/** Why an import from `from` to `to` (both relative to src/) breaks the layers, or null when it is allowed. */
function breach(from: string, to: string): string | null {
  const source = placeOf(from);
  const target = placeOf(to);
  if (!source) return `${from} is in no layer: place its folder in layers.test.ts`;
  if (!target) return "the target is outside src/ or in no layer";
  if (isTestSupport(to) && !isTestSupport(from)) return "only stories, tests and testing/ may import test helpers";
  if (source.layer === "shared" && (target.layer === "features" || target.layer === "app"))
    return `shared code may not import ${target.layer === "app" ? "the app layer" : "features/"}`;
  if (isDataCode(from) && isViewCode(to)) return "data code (an api/ folder) may not import views; views import it";
  if (source.layer === "features") {
    if (target.layer === "app") return "a feature may not import the app layer (app/, shell/, main.tsx)";
    if (target.layer === "features" && target.feature !== source.feature)
      return `features never import each other (features/${source.feature} → features/${target.feature})`;
  }
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__screenshots__" ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts|cts)$/.test(entry.name) ? [full] : [];
  });
}

// Aliases (tsconfig `paths`) are resolved the way the type-checker resolves them; the app has none
// today, and TypeScript must know any alias Vite is taught, so tsconfig is the one place to read.
const tsconfig = ts.readConfigFile(path.join(packageDir, "tsconfig.json"), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(tsconfig.config, ts.sys, packageDir);
const resolutionCache = ts.createModuleResolutionCache(packageDir, (name) => name, options);
const realSrcDir = realpathSync(srcDir);

/** The file an import points at, relative to src/ (may start with `..`), or null for a package. */
function targetOf(specifier: string, file: string): string | null {
  const bare = specifier.replace(/[?#].*$/, "");
  if (bare.startsWith(".")) return path.relative(srcDir, path.resolve(path.dirname(file), bare));
  const resolved = ts.resolveModuleName(bare, file, options, ts.sys, resolutionCache).resolvedModule;
  if (!resolved || resolved.isExternalLibraryImport) return null;
  const relative = path.relative(realSrcDir, realpathSync(resolved.resolvedFileName));
  return relative.startsWith("..") ? null : relative;
}

interface Import {
  file: string;
  specifier: string;
  target: string | null;
}

function importsOf(file: string): Import[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles.map(({ fileName }) => ({
    file: path.relative(srcDir, file).split(path.sep).join("/"),
    specifier: fileName,
    target: targetOf(fileName, file)?.split(path.sep).join("/") ?? null,
  }));
}

describe("layers", () => {
  const files = sourceFiles(srcDir);
  const imports = files.flatMap(importsOf);

  it("reads every source file, stories and tests included", () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.some((file) => file.endsWith(".stories.tsx"))).toBe(true);
    expect(imports.filter((entry) => entry.target !== null).length).toBeGreaterThan(1000);
  });

  it("places every file in a layer", () => {
    const unplaced = files.map((file) => path.relative(srcDir, file).split(path.sep).join("/"));
    expect(unplaced.filter((file) => !placeOf(file))).toEqual([]);
  });

  it("runs every import one way: shared → features → app, no feature importing another, no api/ importing views", () => {
    const breaches = imports.flatMap(({ file, specifier, target }) => {
      const reason = target === null ? null : breach(file, target);
      return reason ? [`${file} imports "${specifier}": ${reason}`] : [];
    });
    expect(breaches).toEqual([]);
  });

  it("flags each kind of wrong-way import (the rule itself)", () => {
    expect(breach("features/profile/screens/A.tsx", "features/auth/api/session.ts")).toMatch(/each other/);
    expect(breach("features/profile/screens/A.tsx", "app/router.tsx")).toMatch(/app layer/);
    expect(breach("features/profile/screens/A.tsx", "shell/guards.tsx")).toMatch(/app layer/);
    expect(breach("shared/findings/A.tsx", "features/findings/api/x.ts")).toMatch(/features/);
    expect(breach("lib/a.ts", "app/providers.tsx")).toMatch(/app layer/);
    expect(breach("components/A.tsx", "shell/navigation.ts")).toMatch(/app layer/);
    expect(breach("lib/a.ts", "testing/play.ts")).toMatch(/test helpers/);
    expect(breach("features/a/screens/A.tsx", "features/a/testing/x.ts")).toMatch(/test helpers/);
    expect(breach("hooks/a.ts", "lib/a.ts")).toMatch(/no layer/);
    expect(breach("lib/a.ts", "../../ui/src/index.ts")).toMatch(/outside/);
    expect(breach("shared/findings/api/a.ts", "shared/findings/section/B.tsx")).toMatch(/data code/);
    expect(breach("features/a/api/a.ts", "features/a/components/B.tsx")).toMatch(/data code/);
    // Allowed: down the layers, within one feature, and the harness from a story.
    expect(breach("features/a/screens/A.tsx", "config/paths.ts")).toBeNull();
    expect(breach("features/a/screens/A.tsx", "features/a/api/x.ts")).toBeNull();
    expect(breach("shared/findings/section/A.tsx", "shared/findings/api/x.ts")).toBeNull();
    expect(breach("shell/guards.tsx", "features/auth/api/auth.ts")).toBeNull();
    expect(breach("features/a/screens/A.stories.tsx", "testing/StoryApp.tsx")).toBeNull();
    expect(breach("testing/StoryApp.tsx", "app/router.tsx")).toBeNull();
  });
});
