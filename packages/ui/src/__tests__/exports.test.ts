import { describe, expect, it } from "vitest";
import { entryPoints, readEntryExports } from "./entryPoints.ts";

// The public API as a reviewer sees it: adding a name shows up in the diff of the snapshot, and
// removing or renaming one (a value or a type) is a breaking change that fails here until the
// snapshot is updated on purpose (`vitest run --project unit -u`).
describe.each(Object.entries(entryPoints))("%s", (_entry, file) => {
  const exported = readEntryExports(file);

  it("exports these runtime values", () => {
    const values = exported.filter((e) => e.kind === "value").map((e) => e.name);
    expect(values.length).toBeGreaterThan(0);
    expect(values.toSorted()).toMatchSnapshot();
  });

  it("exports these types", () => {
    const types = exported.filter((e) => e.kind === "type").map((e) => e.name);
    expect(types.toSorted()).toMatchSnapshot();
  });

  it("exports each name once", () => {
    const names = exported.map((e) => e.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});
