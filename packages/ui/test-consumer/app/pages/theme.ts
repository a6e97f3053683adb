// `?theme=dark` puts the kit's dark class on the document root before the first render.
export function applyThemeFromUrl(darkClassName = "dark"): void {
  const dark = new URLSearchParams(window.location.search).get("theme") === "dark";
  document.documentElement.classList.toggle(darkClassName, dark);
}
