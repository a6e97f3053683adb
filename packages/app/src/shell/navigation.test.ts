import { describe, expect, it } from "vitest";
import { navSectionsFor } from "./navigation.ts";

const labels = (role: Parameters<typeof navSectionsFor>[0]) =>
  navSectionsFor(role).map((section) => [section.heading ?? "", section.items.map((item) => item.label)]);

describe("navSectionsFor", () => {
  it("gives clients the sections and items of spec §2, with Findings (issue 17)", () => {
    expect(labels("CLIENT")).toEqual([
      ["", ["Dashboard", "Findings"]],
      ["Attack Surface Management", ["Exposure Detection", "Threat Inspection"]],
      ["Development Security Operations", ["Network", "Application", "Source Code"]],
      ["Manage", ["Assets", "Company", "Credits Activity", "Ticket"]],
    ]);
    expect(labels("CLIENT_ADMIN")).toEqual(labels("CLIENT"));
  });

  it("shows Findings to every role, clients included (their company's findings)", () => {
    for (const role of ["SUPER_ADMIN", "ANALYST", "CLIENT_ADMIN", "CLIENT"] as const) {
      expect(navSectionsFor(role)[0]?.items.map((item) => item.label)).toContain("Findings");
    }
  });

  it("gives staff Company Directory instead of Company, which is a client's own company", () => {
    for (const role of ["SUPER_ADMIN", "ANALYST"] as const) {
      expect(
        navSectionsFor(role)
          .at(-1)
          ?.items.map((item) => item.label),
      ).toEqual(["Assets", "Company Directory", "Credits Activity", "Ticket"]);
    }
  });

  it("links each item to its route", () => {
    const hrefs = navSectionsFor("SUPER_ADMIN").flatMap((section) => section.items.map((item) => item.href));
    expect(hrefs).toEqual([
      "/dashboard",
      "/findings",
      "/exposure-detection",
      "/threat-inspection",
      "/network-va",
      "/application-va",
      "/source-code-va",
      "/asset-inventory",
      "/company-directory",
      "/credits-activity",
      "/ticketing",
    ]);
  });
});
