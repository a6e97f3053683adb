// The kit's tokens, as the stylesheet import brings them; without them the kit warns.
import "../../tokens/lightTheme.css.ts";
import { describe, expect, it, vi } from "vitest";
import { render } from "vitest-browser-react";
import { Link } from "../Link/Link.tsx";
import { NavigationProvider } from "./NavigationProvider.tsx";

describe("NavigationProvider", () => {
  it("sends a kit Link's click to the app's navigate instead of loading a page", async () => {
    const before = window.location.href;
    const navigate = vi.fn(async () => {});
    const screen = await render(
      <NavigationProvider navigate={navigate} useHref={(href) => `/base${href}`}>
        <Link href="/network-va" routerOptions={undefined}>
          Network
        </Link>
      </NavigationProvider>,
    );
    const link = screen.getByRole("link", { name: "Network" });
    await expect.element(link).toHaveAttribute("href", "/base/network-va");
    await link.click();
    expect(navigate).toHaveBeenCalledWith("/network-va", undefined);
    expect(window.location.href).toBe(before);
  });
});
