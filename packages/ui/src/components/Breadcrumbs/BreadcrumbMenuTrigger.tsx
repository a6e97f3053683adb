import { revealBidiControls } from "../../format/bidi.ts";
import { Menu, MenuItem } from "../Menu/Menu.tsx";
import { Popover } from "../Popover/Popover.tsx";
import { LoadedMenuTrigger, type LoadedMenuTriggerProps } from "../shared/LoadedMenuTrigger.tsx";
import { UntrustedText } from "../UntrustedText/UntrustedText.tsx";

export interface BreadcrumbMenuTriggerProps extends Omit<LoadedMenuTriggerProps, "children"> {
  /** The dropdown crumb's label, the menu's name. */
  label: string;
  /** The sibling pages, each a link. */
  pages: ReadonlyArray<{ label: string; href: string }>;
}

/**
 * A dropdown crumb's trigger with its popover menu of sibling pages. Breadcrumbs loads this module
 * on first use: react-aria's menu and overlay code is most of a trail's weight, and a trail's first
 * paint draws only the trigger.
 */
export function BreadcrumbMenuTrigger({ label, pages, ...trigger }: BreadcrumbMenuTriggerProps) {
  return (
    <LoadedMenuTrigger {...trigger}>
      <Popover isDialog={false} placement="bottom start">
        <Menu aria-label={revealBidiControls(label)} items={pages.map((page) => ({ id: page.href, ...page }))}>
          {(page) => (
            <MenuItem id={page.id} href={page.href} textValue={revealBidiControls(page.label)}>
              <UntrustedText>{page.label}</UntrustedText>
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </LoadedMenuTrigger>
  );
}
