import { iso, now } from "../clock.ts";
import { getDb } from "../db.ts";
import { findingsPage } from "../findings/cursorPage.ts";
import { serializeFindings } from "../findings/export/index.ts";
import { isErrorReply, parseFindingQuery, selectFindings, toIndexItem } from "../findings/query.ts";
import { reply, typedHttp } from "../typed.ts";
import { choiceError, oneOf } from "../validate.ts";

/** The findings index serves pages this large (issue 16); other lists stop at paginate's default cap. */
export const FINDINGS_MAX_PAGE_SIZE = 500;
const FORMATS = ["csv", "json", "sarif"] as const;

/** The request's filters as the JSON export's envelope records them: repeated keys become arrays. */
function echoedFilters(params: URLSearchParams): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    if (key === "format") continue;
    const values = params.getAll(key);
    filters[key] = values.length > 1 || key === "ids" || key === "exclude_ids" ? values : values[0];
  }
  return filters;
}

/** An export's URL carries its exclusions, so they stay few enough for any server's URL limit. */
export const MAX_EXPORT_EXCLUSIONS = 1000;

/** The repeated id parameter `name` as numbers, or the 400 that names the first bad one. */
function findingIds(params: URLSearchParams, name: "ids" | "exclude_ids") {
  const ids: number[] = [];
  for (const raw of params.getAll(name)) {
    if (!/^[1-9]\d*$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
      return reply.field(name, `"${raw}" is not a valid finding id.`);
    }
    ids.push(Number(raw));
  }
  return ids;
}

export const findingHandlers = [
  typedHttp.get("/api/v1/findings/", (ctx) => {
    const query = parseFindingQuery(ctx.url.searchParams);
    if (isErrorReply(query)) return query;
    const ids = findingIds(ctx.url.searchParams, "ids");
    if (!Array.isArray(ids)) return ids;
    const db = getDb();
    let rows = selectFindings(db, ctx.viewer, query);
    if (ids.length) {
      // A shared link's `?finding=` looks its row up this way: the filters and the scope still apply.
      const chosen = new Set(ids);
      rows = rows.filter((f) => chosen.has(f.id));
    }
    const page = findingsPage(db, ctx.url, query, rows, FINDINGS_MAX_PAGE_SIZE);
    if (page === "invalid-page") return reply.notFound("Invalid page.");
    if (page instanceof Response) return page;
    // Only the page's rows are serialised: a page costs the same at 100,000 matches as at 100.
    return ctx.ok({ ...page, results: page.results.map((f) => toIndexItem(db, f)) });
  }),

  typedHttp.get("/api/v1/findings/export/", (ctx) => {
    const params = ctx.url.searchParams;
    const format = params.get("format");
    if (!format) return reply.field("format", "This field is required.");
    if (!oneOf(format, FORMATS)) return reply.field("format", choiceError(format));
    const ids = findingIds(params, "ids");
    if (!Array.isArray(ids)) return ids;
    const excluded = findingIds(params, "exclude_ids");
    if (!Array.isArray(excluded)) return excluded;
    if (excluded.length > MAX_EXPORT_EXCLUSIONS) {
      return reply.field(
        "exclude_ids",
        `Leave out at most ${MAX_EXPORT_EXCLUSIONS} findings; export the ticked findings by ids instead.`,
      );
    }
    const query = parseFindingQuery(params);
    if (isErrorReply(query)) return query;
    const db = getDb();
    let rows = selectFindings(db, ctx.viewer, query);
    if (ids.length) {
      const chosen = new Set(ids);
      rows = rows.filter((f) => chosen.has(f.id));
    }
    if (excluded.length) {
      const left = new Set(excluded);
      rows = rows.filter((f) => !left.has(f.id));
    }
    const file = serializeFindings(
      format,
      rows.map((f) => toIndexItem(db, f)),
      { generatedAt: iso(now()), filters: echoedFilters(params), informationUri: ctx.url.origin },
    );
    if ("error" in file) return reply.field("format", file.error);
    const response = new Response(file.body, {
      status: 200,
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.filename}"`,
      },
    });
    // A file, not a JSON reply: typed as the contract's JSON export so the route type-checks.
    return response as unknown as ReturnType<typeof ctx.ok>;
  }),
];
