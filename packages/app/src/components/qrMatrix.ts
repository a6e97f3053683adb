import { encode } from "uqr";

/**
 * The dark modules of a QR code as one SVG path (`M x y h1 v1 h-1 z` per module), so the code
 * renders as React elements with no markup strings. Row runs are merged to keep the path short.
 */
export function qrPath(text: string): { size: number; d: string } {
  const { data, size } = encode(text, { ecc: "M", border: 2 });
  const parts: string[] = [];
  data.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  });
  return { size, d: parts.join("") };
}
