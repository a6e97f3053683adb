import type { ArgTypesEnhancer } from "storybook/internal/types";

interface DocgenProp {
  description?: string;
}

/** The value of a prop's `@default` tag in its docgen description, e.g. `"subtle"` or `false`. */
export function jsDocDefault(description: string | undefined): string | undefined {
  return /^\s*@default[ \t]+(.+?)\s*$/m.exec(description ?? "")?.[1];
}

/**
 * Puts each prop's `@default` into the controls table. react-docgen only reports defaults written as
 * destructured parameter values, and Storybook drops the `@default` tag from the description, so
 * recipe variants (whose default lives in `defaultVariants`) showed none. A default read from code
 * wins: it is what actually runs.
 */
export const defaultsFromJsDoc: ArgTypesEnhancer = ({ argTypes, component }) => {
  const props = (component as { __docgenInfo?: { props?: Record<string, DocgenProp> } } | undefined)?.__docgenInfo
    ?.props;
  if (!props) return argTypes;
  return Object.fromEntries(
    Object.entries(argTypes).map(([name, argType]) => {
      const fromTag = jsDocDefault(props[name]?.description);
      if (fromTag === undefined || argType.table?.defaultValue) return [name, argType];
      return [name, { ...argType, table: { ...argType.table, defaultValue: { summary: fromTag } } }];
    }),
  ) as typeof argTypes;
};
