/**
 * Text a hostile scan target (or a careless user) could put into the data. Every payload tries to set
 * `window.__xss`, so a test can assert that rendering the sample data never ran any of it.
 */
export const HOSTILE = {
  img: '<img src=x onerror="window.__xss=1">',
  script: "<script>window.__xss=1</script>",
  jsUrl: "javascript:window.__xss=1",
  svg: '"><svg onload=window.__xss=1>',
  /** One 300-character token with no break opportunity. */
  longToken: `${"A1b2C3d4E5".repeat(30)}`,
  /** Right-to-left text: Arabic, Hebrew and a RIGHT-TO-LEFT OVERRIDE (U+202E) that flips what follows. */
  rtl: "تقرير الفحص الأمني — דוח סריקה \u202Egnp.exe\u202C",
} as const;

export const HOSTILE_VALUES: readonly string[] = Object.values(HOSTILE);

/** A file name that a RIGHT-TO-LEFT OVERRIDE makes read "invoiceexe.pdf" (an .exe posing as a PDF). */
export const SPOOFED_FILE_NAME = "invoice\u202Efdp.exe";
