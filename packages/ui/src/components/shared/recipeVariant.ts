type RecipeSelection<Recipe> = Recipe extends (options?: infer Selection) => string ? NonNullable<Selection> : never;

/**
 * The options of one variant of a vanilla-extract recipe, e.g. `RecipeVariant<typeof button, "size">`:
 * what `NonNullable<RecipeVariants<typeof button>>["size"]` gives, without `undefined`. Props take their
 * unions from the recipe, so a variant added to the styles is a prop value at once and a removed one is
 * a type error at every use. (`RecipeVariants` itself cannot be used here: its `RuntimeFn<VariantGroups>`
 * bound rejects recipes with numeric variant keys, such as DescriptionList's `columns`.)
 */
export type RecipeVariant<Recipe, Key extends keyof RecipeSelection<Recipe>> = NonNullable<
  RecipeSelection<Recipe>[Key]
>;
