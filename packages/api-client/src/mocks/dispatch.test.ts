import { getResponse, HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { dispatcher } from "./dispatch.ts";

const base = "https://api.example.test/api/v1";
const call = (method: string, path: string) => new Request(`${base}${path}`, { method });
const text = async (response: Response | undefined) => (response ? await response.text() : "no answer");

describe("dispatcher", () => {
  const routes = [
    // Like the typed routes: a non-integer id is left to the next route.
    http.get("*/api/v1/invoices/:id/", ({ params }) =>
      /^\d+$/.test(String(params.id)) ? HttpResponse.text(`invoice ${params.id}`) : undefined,
    ),
    http.get("*/api/v1/invoices/un-paid/", () => HttpResponse.text("unpaid list")),
    http.post("*/api/v1/invoices/:id/", () => HttpResponse.text("posted")),
    http.all("*/api/v1/*", () => HttpResponse.text("not found", { status: 404 })),
  ];
  const handlers = [dispatcher(routes)];

  it("answers with the first route whose method and path match", async () => {
    expect(await text(await getResponse(handlers, call("GET", "/invoices/7/")))).toBe("invoice 7");
    expect(await text(await getResponse(handlers, call("POST", "/invoices/7/")))).toBe("posted");
  });

  it("falls through to the next matching route when one returns nothing", async () => {
    expect(await text(await getResponse(handlers, call("GET", "/invoices/un-paid/")))).toBe("unpaid list");
  });

  it("keeps the catch-all last, and leaves calls outside its path to other handlers", async () => {
    const missing = await getResponse(handlers, call("DELETE", "/invoices/7/"));
    expect(missing?.status).toBe(404);
    expect(await getResponse(handlers, new Request("https://api.example.test/assets/app.js"))).toBeUndefined();
  });

  it("asks a route whose path is a predicate function", async () => {
    const byPredicate = http.get(
      ({ request }) => new URL(request.url).searchParams.has("export"),
      () => HttpResponse.text("export"),
    );
    const withPredicate = [dispatcher([byPredicate, ...routes])];
    expect(await text(await getResponse(withPredicate, call("GET", "/invoices/?export=csv")))).toBe("export");
    expect((await getResponse(withPredicate, call("GET", "/invoices/")))?.status).toBe(404);
  });

  it("lets an override placed before it win, as msw.use does", async () => {
    const override = http.get("*/api/v1/invoices/:id/", () => HttpResponse.text("override"));
    expect(await text(await getResponse([override, ...handlers], call("GET", "/invoices/7/")))).toBe("override");
  });
});
