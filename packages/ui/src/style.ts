// The kit's stylesheet (`@sentinel/ui/style.css`): the light and dark theme variables and the reset.
// Font faces are `@sentinel/ui/fonts.css`; each component brings its own styles with its import.
import "./tokens/global.css.ts";
