// The shell's overlays and live region: the user menu, the narrow layout's sidebar drawer and the
// toast region. A page draws without them, so AppShell loads them right after its first render
// (their menus, popovers, modal and focus scope are most of the shell's JavaScript).
export { SidebarDrawer, ToastRegion, UserMenu } from "@sentinel/ui";
