import { describe, expect, it } from "vitest";
import { recipeControls } from "./recipeControls.ts";

// Shaped as vanilla-extract's runtime recipe exposes its class names.
const recipe = {
  classNames: {
    variants: {
      size: { small: "a", medium: "b" },
      tone: { neutral: "c", info: "d", positive: "e", caution: "f", critical: "g" },
      fullWidth: { true: "h", false: "i" },
      columns: { 1: "j", 2: "k" },
    },
  },
};

describe("recipeControls", () => {
  it("offers the recipe's options", () => {
    expect(recipeControls(recipe, "size").size).toEqual({ control: "inline-radio", options: ["small", "medium"] });
    expect(recipeControls(recipe, "tone").tone).toMatchObject({ control: "select" });
  });

  it("gives a boolean variant a switch and numeric options as numbers", () => {
    expect(recipeControls(recipe, "fullWidth").fullWidth).toEqual({ control: "boolean" });
    expect(recipeControls(recipe, "columns").columns).toEqual({ control: "inline-radio", options: [1, 2] });
  });

  it("fails on a variant the recipe does not have", () => {
    expect(() => recipeControls(recipe, "weight")).toThrow(/no "weight" variant/);
  });
});
