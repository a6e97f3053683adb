import { ChevronDown, LayoutGrid, LogOut, Settings, ShieldCheck } from "lucide-react";
import { Button, MenuTrigger } from "react-aria-components";
import { stripBidiControls } from "../../format/bidi.ts";
import type { Role, RoleAlias } from "../../tokens/domain.ts";
import { Menu, MenuItem } from "../Menu/Menu.tsx";
import { Popover } from "../Popover/Popover.tsx";
import { RoleBadge } from "../RoleBadge/RoleBadge.tsx";
import { UntrustedText } from "../UntrustedText/UntrustedText.tsx";
import { initials } from "./initials.ts";
import * as styles from "./UserMenu.css.ts";

export interface UserMenuProps {
  /** The signed-in user's display name. */
  name: string;
  /** The user's role as the API spells it; shown as a RoleBadge. */
  role: Role | RoleAlias;
  /** Route of the account settings page (`profile_account`). */
  settingsHref: string;
  /** Where the privacy policy lives. */
  privacyHref: string;
  /**
   * Route of the design-system catalogue (`/ui-kits`), listed after Privacy Policy; without it the
   * menu has no such entry.
   */
  uiKitsHref?: string;
  /** Signs the user out; the app clears auth state and goes to the login route. */
  onLogout: () => void;
}

/**
 * The signed-in user's name and role, opening a menu with Settings, Privacy Policy, UI Kits (when
 * `uiKitsHref` is given) and Log Out.
 * Keyboard: Enter, Space or ArrowDown opens it with focus on the first entry. The open menu starts with
 * the full name and role; in a narrow TopBar the trigger shows only the avatar.
 */
export function UserMenu({ name, role, settingsHref, privacyHref, uiKitsHref, onLogout }: UserMenuProps) {
  return (
    <MenuTrigger>
      <Button className={styles.trigger}>
        <span className={styles.avatar} aria-hidden>
          {initials(stripBidiControls(name))}
        </span>
        <span className={styles.identity}>
          <span className={styles.name}>
            <UntrustedText>{name}</UntrustedText>
          </span>
          <RoleBadge role={role} />
        </span>
        <ChevronDown className={styles.chevron} aria-hidden />
      </Button>
      <Popover isDialog={false} placement="bottom end">
        <div className={styles.menuHeader}>
          <span className={styles.menuName}>
            <UntrustedText>{name}</UntrustedText>
          </span>
          <RoleBadge role={role} />
        </div>
        <Menu>
          <MenuItem id="settings" href={settingsHref} icon={<Settings size={16} />}>
            Settings
          </MenuItem>
          <MenuItem id="privacy" href={privacyHref} icon={<ShieldCheck size={16} />}>
            Privacy Policy
          </MenuItem>
          {uiKitsHref === undefined ? null : (
            <MenuItem id="ui-kits" href={uiKitsHref} icon={<LayoutGrid size={16} />}>
              UI Kits
            </MenuItem>
          )}
          <MenuItem id="logout" onAction={onLogout} icon={<LogOut size={16} />}>
            Log Out
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
