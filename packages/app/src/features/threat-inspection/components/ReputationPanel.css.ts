import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const panel = style({ display: "flex", flexDirection: "column", gap: vars.space.large, minWidth: 0 });

export const matrix = style({ display: "flex", flexDirection: "column", gap: vars.space.small, minWidth: 0 });
