import { createVar, style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../tokens/contract.css.ts";
import { type Tone, tones } from "../../tokens/tones.ts";

// The tone picks a colour set; the weight decides which members of that set paint the badge.
// Two orthogonal variants instead of tone × weight compound variants.
const toneText = createVar();
const toneBackground = createVar();
const toneBorder = createVar();
const toneSolid = createVar();
const toneSolidText = createVar();

const toneVariants = Object.fromEntries(
  tones.map((tone) => [
    tone,
    {
      vars: {
        [toneText]: vars.color.tone[tone].text,
        [toneBackground]: vars.color.tone[tone].background,
        [toneBorder]: vars.color.tone[tone].border,
        [toneSolid]: vars.color.tone[tone].solid,
        [toneSolidText]: vars.color.tone[tone].solidText,
      },
    },
  ]),
) as Record<Tone, { vars: Record<string, string> }>;

export const badge = recipe({
  base: {
    display: "inline-flex",
    alignItems: "center",
    maxWidth: "100%",
    minWidth: 0,
    borderWidth: vars.borderWidth.standard,
    borderStyle: "solid",
    borderRadius: vars.radius.full,
    fontFamily: vars.font.family.sans,
    fontWeight: vars.font.weight.medium,
    lineHeight: vars.font.lineHeight.tight,
    whiteSpace: "nowrap",
    verticalAlign: "middle",
  },
  variants: {
    tone: toneVariants,
    weight: {
      subtle: { color: toneText, backgroundColor: toneBackground, borderColor: toneBackground },
      outlined: { color: toneText, backgroundColor: "transparent", borderColor: toneBorder },
      solid: { color: toneSolidText, backgroundColor: toneSolid, borderColor: toneSolid },
    },
    size: {
      small: {
        paddingBlock: vars.space.xxsmall,
        paddingInline: vars.space.small,
        fontSize: vars.font.size.xsmall,
      },
      medium: {
        paddingBlock: vars.space.xsmall,
        paddingInline: vars.space.medium,
        fontSize: vars.font.size.small,
      },
    },
  },
  defaultVariants: { tone: "neutral", weight: "subtle", size: "small" },
});

// Long labels end in an ellipsis; the full text stays in the DOM for assistive technology.
export const label = style({ overflow: "hidden", textOverflow: "ellipsis", minWidth: 0 });
