import type { InputType } from "storybook/internal/types";

interface Recipe {
  classNames: { variants: Record<string, Record<string, string>> };
}

/**
 * Storybook controls for a recipe's variant props, with the recipe's own options. Props typed with
 * `RecipeVariant<…>` reach react-docgen as a name it cannot expand, so without these a variant
 * would get no radio buttons (or no switch, for a boolean variant).
 */
export function recipeControls(recipe: Recipe, ...keys: string[]): Record<string, InputType> {
  return Object.fromEntries(
    keys.map((key) => {
      const options = Object.keys(recipe.classNames.variants[key] ?? {});
      if (options.length === 0) throw new Error(`The recipe has no "${key}" variant`);
      if (options.every((option) => option === "true" || option === "false")) return [key, { control: "boolean" }];
      const values = options.every((option) => /^\d+$/.test(option)) ? options.map(Number) : options;
      return [key, { control: values.length > 4 ? "select" : "inline-radio", options: values }];
    }),
  );
}
