// react-aria-components' own Button with no kit code: what any accessible react-aria button costs,
// so the budget can tell the kit's share apart from react-aria's.
import { StrictMode } from "react";
import { Button } from "react-aria-components";
import { createRoot } from "react-dom/client";
import { applyThemeFromUrl } from "../theme.ts";

applyThemeFromUrl();
createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <main>
      <Button onPress={() => undefined}>Start scan</Button>
    </main>
  </StrictMode>,
);
