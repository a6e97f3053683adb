import { describe, expect, it } from "vitest";
import { siblingsCrumb } from "./siblingsCrumb.ts";

describe("siblingsCrumb", () => {
  it("lists the siblings as links in a dropdown", () => {
    expect(
      siblingsCrumb("Scan #3", [
        { label: "Scan #2", href: "/network-va/1?scan=2" },
        { label: "Scan #1", href: "/network-va/1?scan=1" },
      ]),
    ).toEqual({
      label: "Scan #3",
      children: [
        { label: "Scan #2", href: "/network-va/1?scan=2" },
        { label: "Scan #1", href: "/network-va/1?scan=1" },
      ],
    });
  });

  it("is a plain link without siblings when it has a page of its own", () => {
    expect(siblingsCrumb("Scan #3", [], "/network-va/1?scan=3")).toEqual({
      label: "Scan #3",
      href: "/network-va/1?scan=3",
    });
  });

  it("is plain text without siblings or a page", () => {
    expect(siblingsCrumb("host.example", [])).toEqual({ label: "host.example" });
  });
});
