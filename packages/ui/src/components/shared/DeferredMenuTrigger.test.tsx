// The kit's tokens, as the stylesheet import brings them; without them the kit warns.
import "../../tokens/lightTheme.css.ts";
import type { RefObject } from "react";
import { Button } from "react-aria-components";
import { describe, expect, it } from "vitest";
import { userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { Menu, MenuItem } from "../Menu/Menu.tsx";
import { Popover } from "../Popover/Popover.tsx";
import { DeferredMenuTrigger, lazyMenuTrigger, type MenuHandoff } from "./DeferredMenuTrigger.tsx";
import { LoadedMenuTrigger } from "./LoadedMenuTrigger.tsx";

type LoadedProps = { handoff: MenuHandoff; trigger: (ref: RefObject<HTMLButtonElement | null>) => React.ReactElement };

/** A menu module that arrives when the test says so. */
function gatedMenu() {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const menu = lazyMenuTrigger<LoadedProps>(async () => {
    await arrived;
    return (props: LoadedProps) => (
      <LoadedMenuTrigger {...props}>
        <Popover isDialog={false}>
          <Menu aria-label="Pages">
            <MenuItem id="one">One</MenuItem>
            <MenuItem id="two">Two</MenuItem>
          </Menu>
        </Popover>
      </LoadedMenuTrigger>
    );
  });
  const ui = (
    <DeferredMenuTrigger
      trigger={(props, ref) => (
        <Button {...props} ref={ref}>
          Pages
        </Button>
      )}
      isLoaded={menu.isLoaded}
      preload={menu.preload}
      loaded={(handoff) => <menu.Component handoff={handoff} trigger={(ref) => <Button ref={ref}>Pages</Button>} />}
    />
  );
  return { ui, arrive };
}

describe("DeferredMenuTrigger", () => {
  it("opens on a keyboard press made before the menu's code, focusing the first item, and returns focus", async () => {
    const { ui, arrive } = gatedMenu();
    const screen = await render(ui);
    const placeholder = screen.getByRole("button", { name: "Pages" });
    await expect.element(placeholder).toHaveAttribute("aria-haspopup", "true");
    await expect.element(placeholder).toHaveAttribute("aria-expanded", "false");
    await userEvent.tab();
    await userEvent.keyboard("{Enter}");
    arrive();
    const menu = screen.getByRole("menu", { name: "Pages" });
    await expect.element(menu).toBeVisible();
    await expect.element(screen.getByRole("menuitem", { name: "One" })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await expect.element(menu).not.toBeInTheDocument();
    await expect.element(screen.getByRole("button", { name: "Pages" })).toHaveFocus();
  });

  it("keeps focus on the trigger when the code arrives while it is focused, and opens on the next press", async () => {
    const { ui, arrive } = gatedMenu();
    const screen = await render(ui);
    await userEvent.tab();
    arrive();
    const trigger = screen.getByRole("button", { name: "Pages" });
    // The loaded trigger carries react-aria's id for the menu's label.
    await expect.element(trigger).toHaveAttribute("id");
    await expect.element(trigger).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    await expect.element(screen.getByRole("menuitem", { name: "One" })).toHaveFocus();
  });
});
