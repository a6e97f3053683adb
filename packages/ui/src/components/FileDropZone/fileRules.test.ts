import { describe, expect, it } from "vitest";
import { addFiles, describeFileType, describeRules, formatFileSize, isAcceptedType } from "./fileRules.ts";

const file = (name: string, type: string, size: number, lastModified = 1) =>
  ({ name, type, size, lastModified }) as File;

describe("formatFileSize", () => {
  it("uses bytes below 1 KB and one decimal above, in the product's Indonesian number format", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(1023)).toBe("1.023 B");
    expect(formatFileSize(1536)).toBe("1,5 KB");
    expect(formatFileSize(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe("3,3 GB");
  });
});

describe("isAcceptedType", () => {
  it("matches extensions case-insensitively, exact MIME types and wildcards", () => {
    expect(isAcceptedType(file("Report.PDF", "", 1), [".pdf"])).toBe(true);
    expect(isAcceptedType(file("a.png", "image/png", 1), ["image/png"])).toBe(true);
    expect(isAcceptedType(file("a.webp", "image/webp", 1), ["image/*"])).toBe(true);
    expect(isAcceptedType(file("a.pdf.exe", "application/x-msdownload", 1), [".pdf", "image/*"])).toBe(false);
  });

  it("accepts everything when no types are given", () => {
    expect(isAcceptedType(file("anything.bin", "", 1), [])).toBe(true);
  });
});

describe("describeFileType", () => {
  it("turns rules into short names", () => {
    expect(describeFileType(".pdf")).toBe("PDF");
    expect(describeFileType("image/jpeg")).toBe("JPEG");
    expect(describeFileType("image/*")).toBe("any image");
    expect(describeFileType("application/x-zip-compressed")).toBe("ZIP-COMPRESSED");
  });
});

describe("addFiles", () => {
  const rules = { acceptedFileTypes: [".pdf"], maxSizeBytes: 1024, maxFiles: 2 };

  it("keeps valid files and explains each rejection", () => {
    const result = addFiles(
      [],
      [file("ok.pdf", "application/pdf", 10), file("bad.exe", "", 10), file("big.pdf", "application/pdf", 2048)],
      rules,
    );
    expect(result.files.map((f) => f.name)).toEqual(["ok.pdf"]);
    expect(result.errors).toEqual([
      '"bad.exe" is not an accepted file type. Use PDF.',
      '"big.pdf" is too big (2 KB). The limit is 1 KB per file.',
    ]);
  });

  it("stops at maxFiles and names the files left out", () => {
    const current = [file("a.pdf", "", 1)];
    const result = addFiles(current, [file("b.pdf", "", 1), file("c.pdf", "", 1), file("d.pdf", "", 1)], rules);
    expect(result.files.map((f) => f.name)).toEqual(["a.pdf", "b.pdf"]);
    expect(result.errors).toEqual([
      'Too many files: at most 2 files can be attached, so "c.pdf" and "d.pdf" were not added.',
    ]);
  });

  it("does not add the same file twice", () => {
    const a = file("a.pdf", "", 1);
    expect(addFiles([a], [file("a.pdf", "", 1)], rules).errors).toEqual(['"a.pdf" is already in the list.']);
  });

  it("does not mutate the current list", () => {
    const current = [file("a.pdf", "", 1)];
    addFiles(current, [file("b.pdf", "", 1)], rules);
    expect(current).toHaveLength(1);
  });
});

describe("describeRules", () => {
  it("summarises the rules as one sentence", () => {
    expect(
      describeRules({ acceptedFileTypes: [".pdf", "image/png"], maxSizeBytes: 5 * 1024 * 1024, maxFiles: 1 }),
    ).toBe("PDF or PNG, up to 5 MB each, one file.");
    expect(describeRules({})).toBe("");
  });
});
