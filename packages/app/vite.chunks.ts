import path from "node:path";
import { parseSync } from "vite";

type ModuleGraph = {
  getModuleInfo(
    id: string,
  ): { code: string | null; importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
};

/** The names a module is asked for: every export, or some. */
type Need = "all" | Set<string>;

type Parsed = {
  /** Import bindings: local name → the module and the name it takes ("*" for a namespace). */
  bindings: Map<string, { to: string; name: string }>;
  /** Side-effect imports (`import "./x.css"`) and imports plugins added: followed whole. */
  bare: string[];
  /** Names passed through from another module: `export { a as b } from`, or imported and exported. */
  reexports: Map<string, { to: string; name: string }>;
  /** `export * from` targets. */
  stars: string[];
  /** Exported name → local name, for what the module declares itself. */
  localExports: Map<string, string>;
  /** Top-level statements: the names each declares and every identifier it mentions. */
  statements: Array<{ declares: string[]; mentions: Set<string> }>;
  exact: boolean;
};

const specName = (node: { name?: string; value?: string } | null | undefined) => node?.name ?? node?.value ?? "";

/** Every identifier a node mentions, scopes ignored (mentioning more only keeps more). */
function mentions(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const n of node) mentions(n, into);
  else if (node && typeof node === "object") {
    const n = node as { type?: string; name?: unknown };
    if ((n.type === "Identifier" || n.type === "JSXIdentifier") && typeof n.name === "string") into.add(n.name);
    for (const value of Object.values(node)) if (value && typeof value === "object") mentions(value, into);
  }
  return into;
}

function declaredNames(node: { type: string; id?: unknown; declarations?: Array<{ id: unknown }> }): string[] {
  if (node.type === "VariableDeclaration") return (node.declarations ?? []).flatMap((d) => [...mentions(d.id)]);
  const id = node.id as { name?: string } | null | undefined;
  return id?.name ? [id.name] : [];
}

/**
 * A module's imports and exports, and which top-level statements use which names. The chunking
 * hook's graph is the one before tree shaking, where a barrel (the kit's index,
 * react-aria-components', lucide's) imports every module it re-exports and a module imports what
 * only its unused exports need; following a name only to the statements that need it keeps the
 * sign-in form's closure close to what the bundle keeps. Import records are matched to
 * `importedIds` by order; when they do not line up (CommonJS, generated code), every import is
 * followed whole. Being approximate costs bytes at worst, never correctness: the groups only
 * decide which chunk a module goes to.
 */
function parse(graph: ModuleGraph, id: string): Parsed {
  const info = graph.getModuleInfo(id);
  const ids = info?.importedIds ?? [];
  const whole: Parsed = {
    bindings: new Map(),
    bare: [...ids],
    reexports: new Map(),
    stars: [],
    localExports: new Map(),
    statements: [],
    exact: false,
  };
  if (!info?.code || !/\.[cm]?[jt]sx?$/.test(id.split("?")[0] ?? "")) return whole;
  let body: ReturnType<typeof parseSync>["program"]["body"];
  try {
    body = parseSync(id, info.code, { sourceType: "module", lang: "js" }).program.body;
  } catch {
    return whole;
  }
  // CommonJS (React's builds): no ESM records to follow by name.
  if (!body.some((node) => /^(Import|Export)/.test(node.type))) return whole;
  const sources: string[] = [];
  const source = (value: string) => {
    if (!sources.includes(value)) sources.push(value);
    return value;
  };
  const bindings = new Map<string, { source: string; name: string }>();
  const bare: string[] = [];
  const reexports = new Map<string, { source: string; name: string }>();
  const stars: string[] = [];
  const exported = new Map<string, string>();
  const statements: Parsed["statements"] = [];
  for (const node of body) {
    if (node.type === "ImportDeclaration") {
      const from = source(node.source.value);
      if (node.specifiers.length === 0) bare.push(from);
      for (const s of node.specifiers) {
        const name =
          s.type === "ImportNamespaceSpecifier"
            ? "*"
            : s.type === "ImportDefaultSpecifier"
              ? "default"
              : specName(s.imported);
        bindings.set(s.local.name, { source: from, name });
      }
    } else if (node.type === "ExportNamedDeclaration" && node.source) {
      const from = source(node.source.value);
      for (const s of node.specifiers) reexports.set(specName(s.exported), { source: from, name: specName(s.local) });
    } else if (node.type === "ExportAllDeclaration") {
      const from = source(node.source.value);
      if (node.exported) reexports.set(specName(node.exported), { source: from, name: "*" });
      else stars.push(from);
    } else if (node.type === "ExportNamedDeclaration") {
      for (const s of node.specifiers) exported.set(specName(s.exported), specName(s.local));
      if (node.declaration) {
        const declares = declaredNames(node.declaration);
        for (const name of declares) exported.set(name, name);
        statements.push({ declares, mentions: mentions(node.declaration) });
      }
    } else if (node.type === "ExportDefaultDeclaration") {
      exported.set("default", "default");
      const d = node.declaration as { type: string; id?: unknown };
      statements.push({ declares: ["default", ...declaredNames(d)], mentions: mentions(d) });
    } else {
      statements.push({ declares: declaredNames(node as { type: string }), mentions: mentions(node) });
    }
  }
  // Plugins may add imports after the source's own (vite's preload helper for `import()`): those
  // are followed whole. A relative specifier must name the file it was matched to.
  const plausible = sources.every((s, i) => !s.startsWith(".") || ids[i]?.includes(path.basename(s)));
  if (sources.length > ids.length || !plausible) return whole;
  const to = (s: string) => ids[sources.indexOf(s)] as string;
  const localExports = new Map<string, string>();
  for (const [name, local] of exported) {
    const imported = bindings.get(local);
    // `import { a } …; export { a }` passes a name on.
    if (imported) reexports.set(name, imported);
    else localExports.set(name, local);
  }
  return {
    bindings: new Map([...bindings].map(([local, b]) => [local, { to: to(b.source), name: b.name }])),
    bare: [...bare.map(to), ...ids.slice(sources.length)],
    reexports: new Map([...reexports].map(([name, r]) => [name, { to: to(r.source), name: r.name }])),
    stars: stars.map(to),
    localExports,
    statements,
    exact: true,
  };
}

/**
 * The modules that `starts` need after tree shaking, approximately: a module counts when it is
 * imported for its side effects, asked for everything, or asked for a name it declares itself;
 * then the statements behind the names asked for (and those declaring nothing, which may have side
 * effects) decide which of its imports are followed, and for which names. A barrel passed through
 * for some names does not count; only the re-exports of those names are followed.
 */
function closure(
  graph: ModuleGraph,
  starts: string[],
  cache: Map<string, Parsed>,
  options: { dynamic?: boolean; skip?: readonly string[]; everywhere?: Map<string, Need> } = {},
): { kept: Set<string>; asked: Map<string, Need> } {
  const asked = new Map<string, Need>();
  const used = new Map<string, Set<string>>();
  const kept = new Set<string>();
  const queue: Array<[string, Need]> = starts.map((id) => [id, "all"]);
  while (queue.length) {
    const [id, need] = queue.pop() as [string, Need];
    const before = asked.get(id);
    if (before === "all") continue;
    const fresh: Need = need === "all" ? "all" : new Set([...need].filter((n) => !before?.has(n)));
    if (before && fresh !== "all" && fresh.size === 0) continue;
    asked.set(id, fresh === "all" ? "all" : new Set([...(before ?? []), ...fresh]));
    const parsed = cache.get(id) ?? parse(graph, id);
    cache.set(id, parsed);
    const wanted =
      fresh === "all" ? [...parsed.localExports.values()] : [...fresh].flatMap((n) => parsed.localExports.get(n) ?? []);
    const counts = !parsed.exact || fresh === "all" || fresh.size === 0 || wanted.length > 0;
    if (counts) {
      const seen = used.get(id) ?? new Set<string>();
      used.set(id, seen);
      const first = !kept.has(id);
      kept.add(id);
      const names = [...wanted];
      if (first) {
        for (const to of parsed.bare) queue.push([to, "all"]);
        if (options.dynamic)
          for (const to of graph.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
            if (!options.skip?.includes(to)) queue.push([to, "all"]);
        // The bundle keeps a statement any page uses, and a module's statements travel together:
        // what the other pages ask of this module comes along, with its imports.
        const elsewhere = options.everywhere?.get(id);
        if (elsewhere === "all") names.push(...parsed.localExports.values());
        else
          for (const n of elsewhere ?? [])
            names.push(...(parsed.localExports.has(n) ? [parsed.localExports.get(n) as string] : []));
        for (const st of parsed.statements) if (st.declares.length === 0) names.push(...st.mentions);
      }
      if (fresh === "all") for (const st of parsed.statements) names.push(...st.mentions, ...st.declares);
      while (names.length) {
        const name = names.pop() as string;
        if (seen.has(name)) continue;
        seen.add(name);
        const b = parsed.bindings.get(name);
        if (b) queue.push([b.to, b.name === "*" ? "all" : new Set([b.name])]);
        for (const st of parsed.statements) if (st.declares.includes(name)) names.push(...st.mentions);
      }
    }
    const names = fresh === "all" ? [...parsed.reexports.keys()] : [...fresh];
    for (const name of names) {
      const r = parsed.reexports.get(name);
      if (r) queue.push([r.to, r.name === "*" ? "all" : new Set([r.name])]);
    }
    if (parsed.stars.length) {
      const rest =
        fresh === "all" ? "all" : new Set(names.filter((n) => !parsed.reexports.has(n) && !parsed.localExports.has(n)));
      if (rest === "all" || rest.size > 0) for (const star of parsed.stars) queue.push([star, rest]);
    }
  }
  return { kept, asked };
}

/**
 * Chunk groups for the pages every visitor opens first. Left to itself, rolldown splits the code
 * the sign-in form shares with the signed-in screens (react-aria, the kit, the API client) by the
 * set of lazy routes that use each module: about 35 chunks, most under 1 kB, for this page, each
 * with its own import and export lines and its own gzip dictionary, and each one more request
 * before the form's paint. Here:
 * - `boot`: what index.html runs and what the sign-in screen needs outside the auth feature (and
 *   the auth code the shell uses too), in one file, which every signed-in page loads as well (they
 *   use the same kit components and libraries).
 * - `public`: what only the public screens need (the auth feature's forms), one file for all four.
 * - `shell`: what the signed-in frame needs beyond `boot`, one file, which every signed-in page loads.
 * Everything else is left to rolldown's own splitting.
 */
export function firstPageChunks(appRoot: string) {
  const entry = path.resolve(appRoot, "src/main.tsx");
  const publicScreens = [
    "LoginScreen",
    "ForgotPasswordScreen",
    "ResetPasswordScreen",
    "RecoverAuthenticatorScreen",
  ].map((name) => path.resolve(appRoot, `src/features/auth/screens/${name}.tsx`));
  const [login] = publicScreens as [string];
  const authFeature = path.resolve(appRoot, "src/features/auth") + path.sep;

  const frame = path.resolve(appRoot, "src/shell/SignedInFrame.tsx");
  let groups: { boot: Set<string>; public: Set<string>; shell: Set<string> } | undefined;
  const grouped = (graph: ModuleGraph) => {
    if (!groups) {
      const cache = new Map<string, Parsed>();
      const everywhere = closure(graph, [entry], cache, { dynamic: true }).asked;
      const e1 = closure(graph, [entry], cache, { everywhere }).kept;
      const l1 = closure(graph, [login], cache, { everywhere }).kept;
      // What the signed-in pages use (the shell signs out through the auth feature's api).
      const signedIn = closure(graph, [entry], cache, { dynamic: true, skip: publicScreens, everywhere }).kept;
      const boot = new Set([...e1, ...l1].filter((id) => !id.startsWith(authFeature) || signedIn.has(id)));
      const publicOnly = [...closure(graph, publicScreens, cache, { everywhere }).kept].filter(
        (id) => !boot.has(id) && !signedIn.has(id),
      );
      const shell = [...closure(graph, [frame], cache, { everywhere }).kept].filter(
        (id) => id !== frame && !boot.has(id),
      );
      groups = { boot, public: new Set(publicOnly), shell: new Set(shell) };
    }
    return groups;
  };

  return {
    // A group takes only the modules listed, not what else they import in the graph before tree
    // shaking (with it, `boot` took react-aria's focus scope and toolbar, 8 kB the sign-in page
    // does not run). Modules a group leaves out stay in rolldown's own chunks, which the group's
    // file imports, so evaluation order is rolldown's either way.
    includeDependenciesRecursively: false,
    groups: [
      {
        debugName: "public pages",
        name: (id: string, graph: ModuleGraph) => {
          // The entry and the screens keep chunks of their own: index.html names the entry, and the
          // router and the pages' documents (vite.routeDocuments.ts) load each screen by its module.
          if (id === entry || id === frame || publicScreens.includes(id)) return null;
          const { boot, public: publicOnly, shell } = grouped(graph);
          if (boot.has(id)) return "boot";
          if (publicOnly.has(id)) return "public";
          if (shell.has(id)) return "shell";
          return null;
        },
      },
    ],
  };
}
