import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

type OutputChunk = {
  type: "chunk";
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/**
 * Writes a page of its own (`<path>.html`, next to index.html) for each route in `routes`: the
 * same document, plus `<link rel="modulepreload">` and stylesheet links for the code that route's
 * screen needs beyond the entry. With index.html alone, that code is only discovered once the entry
 * has downloaded and run, a second round trip before the first render; with the page's own links it
 * downloads alongside the entry. The web servers (deploy/nginx.conf, the API's static files) answer
 * `/auth/login` with `auth/login.html` when it exists, and with index.html otherwise, so any other
 * server still works, one round trip slower.
 *
 * `routes` maps a URL path to the module of its lazy screen (relative to the package).
 */
export function routeDocuments(routes: Record<string, string>): Plugin {
  let root = "";
  return {
    name: "sentinel:route-documents",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    writeBundle(options, bundle) {
      const outDir = options.dir ?? path.join(root, "dist");
      const chunks = Object.values(bundle).filter((item): item is OutputChunk & typeof item => item.type === "chunk");
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: OutputChunk, seen = new Set<string>()) => {
        if (seen.has(start.fileName)) return seen;
        seen.add(start.fileName);
        for (const file of start.imports) {
          const next = byFile.get(file);
          if (next) closure(next, seen);
        }
        return seen;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error("route documents: the build has no entry chunk");
      const loadedByEntry = closure(entry);
      const cssOf = (files: Iterable<string>) =>
        new Set([...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
      const entryCss = cssOf(loadedByEntry);
      const indexHtml = readFileSync(path.join(outDir, "index.html"), "utf8");

      for (const [urlPath, modulePath] of Object.entries(routes)) {
        const moduleId = path.resolve(root, modulePath);
        const screen = chunks.find((chunk) => chunk.facadeModuleId === moduleId);
        if (!screen) throw new Error(`route documents: no chunk for ${modulePath} (route ${urlPath})`);
        const files = [...closure(screen)].filter((file) => !loadedByEntry.has(file));
        const css = [...cssOf(files)].filter((file) => !entryCss.has(file));
        const links = [
          ...files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ];
        if (!indexHtml.includes("</head>")) throw new Error("route documents: index.html has no </head>");
        const html = indexHtml.replace("</head>", `  ${links.join("\n    ")}\n  </head>`);
        const file = path.join(outDir, `${urlPath.replace(/^\//, "")}.html`);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, html);
      }
    },
  };
}
