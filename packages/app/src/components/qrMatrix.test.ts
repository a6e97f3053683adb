import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { qrPath } from "./qrMatrix.ts";

const uri = "otpauth://totp/Sentinel:setup2fa%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Sentinel";

describe("qrPath", () => {
  it("covers exactly the dark modules of the code", () => {
    const { size, d } = qrPath(uri);
    const { data } = encode(uri, { ecc: "M", border: 2 });
    expect(size).toBe(data.length);
    const painted = new Set<string>();
    for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      for (let i = 0; i < Number(w); i += 1) painted.add(`${Number(x) + i},${y}`);
    }
    const dark = data.flatMap((row, y) => row.flatMap((on, x) => (on ? [`${x},${y}`] : [])));
    expect(painted).toEqual(new Set(dark));
  });

  it("leaves the quiet-zone border empty", () => {
    const { d } = qrPath(uri);
    expect(d).not.toMatch(/M[01] /);
  });
});
