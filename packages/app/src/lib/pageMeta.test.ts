import { describe, expect, it, vi } from "vitest";
import { createPageMetaStore, emptyPageMeta } from "./pageMeta.ts";

const ticketMeta = { title: "Ticket", breadcrumbs: [{ label: "Ticket", href: "/ticketing" }, { label: "#12" }] };

describe("page meta store", () => {
  it("shows what the screen at the current path set", () => {
    const store = createPageMetaStore();
    store.set("/ticketing/12", ticketMeta);
    expect(store.get("/ticketing/12")).toEqual(ticketMeta);
  });

  it("is cleared by a route change before the next screen sets anything", () => {
    const store = createPageMetaStore();
    store.set("/ticketing/12", ticketMeta);
    expect(store.get("/dashboard")).toBe(emptyPageMeta);
  });

  it("shows the new screen's meta once it sets it, and never the old one again", () => {
    const store = createPageMetaStore();
    store.set("/ticketing/12", ticketMeta);
    store.set("/dashboard", { title: "Dashboard", breadcrumbs: [] });
    expect(store.get("/dashboard").title).toBe("Dashboard");
    expect(store.get("/ticketing/12")).toBe(emptyPageMeta);
  });

  it("notifies subscribers on every set", () => {
    const store = createPageMetaStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set("/a", ticketMeta);
    unsubscribe();
    store.set("/b", ticketMeta);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
