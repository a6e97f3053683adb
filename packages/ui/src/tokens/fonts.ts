// Fonts ship inside the package (no CDN): importing these registers the @font-face rules.
import "@fontsource-variable/inter/wght.css";
import "@fontsource-variable/jetbrains-mono/wght.css";
