/**
 * react-aria announces a pending button through a global live region whose `role="img"` child is
 * labelled by a node it removes a few seconds later; the region outlives the story that pressed the
 * button, so axe run in that window flags the announcer, not the screen. Only that node is exempted
 * from the rule. (Reported to the lead: better cleared in the preview between stories.)
 */
export const liveAnnouncerExemption = {
  a11y: { config: { rules: [{ id: "role-img-alt", selector: '[role="img"]:not([role="log"] > [role="img"])' }] } },
} as const;
