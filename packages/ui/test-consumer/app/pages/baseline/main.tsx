// React's own cost: the same page with a plain <button>, subtracted from the kit pages' figures.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { applyThemeFromUrl } from "../theme.ts";

applyThemeFromUrl();
createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <button type="button">Start scan</button>
  </StrictMode>,
);
