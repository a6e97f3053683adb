import { DocsContainer, type DocsContainerProps } from "@storybook/addon-docs/blocks";
import { type PropsWithChildren, useEffect, useState } from "react";
import { GLOBALS_UPDATED } from "storybook/internal/core-events";
import { themes } from "storybook/theming";

type Globals = Record<string, unknown>;
// The docs context carries the preview's store, whose user globals hold the toolbar's theme; the
// public DocsContextProps type does not expose it.
type WithStore = { store?: { userGlobals?: { get?: () => Globals } } };

function isDark(globals: Globals | undefined): boolean {
  return globals?.theme === "dark";
}

/**
 * Docs pages follow the toolbar's theme as stories do: Storybook's dark docs chrome, and the `dark`
 * class on <html> so the kit's own tokens (and every inline story) switch with it.
 */
export function ThemedDocsContainer({ context, children }: PropsWithChildren<DocsContainerProps>) {
  const [dark, setDark] = useState(() => isDark((context as unknown as WithStore).store?.userGlobals?.get?.()));
  useEffect(() => {
    const onGlobals = ({ globals }: { globals: Globals }) => setDark(isDark(globals));
    context.channel.on(GLOBALS_UPDATED, onGlobals);
    return () => context.channel.off(GLOBALS_UPDATED, onGlobals);
  }, [context.channel]);
  useEffect(() => {
    document.documentElement.classList.toggle("dark", dark);
  }, [dark]);
  return (
    <DocsContainer context={context} theme={dark ? themes.dark : themes.light}>
      {children}
    </DocsContainer>
  );
}
