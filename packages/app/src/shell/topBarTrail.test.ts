import { describe, expect, it } from "vitest";
import { topBarTrail } from "./topBarTrail.ts";

describe("topBarTrail", () => {
  it("drops the crumb that names the current page", () => {
    expect(topBarTrail([{ label: "Network", href: "/network-va" }, { label: "Scan configuration 12" }])).toEqual([
      { label: "Network", href: "/network-va" },
    ]);
  });

  it("leaves a top-level page without a trail", () => {
    expect(topBarTrail([{ label: "Dashboard" }])).toEqual([]);
    expect(topBarTrail([])).toEqual([]);
  });

  it("drops a last crumb even when it carries a link", () => {
    expect(
      topBarTrail([
        { label: "Ticket", href: "/ticketing" },
        { label: "#4", href: "/ticketing/4" },
      ]),
    ).toEqual([{ label: "Ticket", href: "/ticketing" }]);
  });

  it("keeps a last crumb that is a dropdown of sibling pages", () => {
    const siblings = {
      label: "Network",
      children: [{ label: "Application", href: "/asset-inventory/1/application" }],
    };
    expect(topBarTrail([{ label: "Assets", href: "/asset-inventory" }, siblings])).toEqual([
      { label: "Assets", href: "/asset-inventory" },
      siblings,
    ]);
  });
});
