// The smallest real use of the kit: its stylesheet and one Button.
import "@sentinel/ui/style.css";
import { Button } from "@sentinel/ui";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { applyThemeFromUrl } from "../theme.ts";

applyThemeFromUrl();
createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <main>
      <Button variant="solid" onPress={() => undefined}>
        Start scan
      </Button>
    </main>
  </StrictMode>,
);
