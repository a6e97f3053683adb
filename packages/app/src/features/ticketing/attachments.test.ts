import { describe, expect, it } from "vitest";
import { attachmentHref, attachmentName } from "./attachments.ts";

describe("attachmentHref", () => {
  const origin = "https://app.example.com";
  it("allows http(s) and same-origin relative paths", () => {
    expect(attachmentHref("https://files.example.com/a.pdf", origin)).toBe("https://files.example.com/a.pdf");
    expect(attachmentHref("/media/tickets/a.pdf", origin)).toBe("https://app.example.com/media/tickets/a.pdf");
  });
  it("refuses script, data, protocol-relative and backslash URLs", () => {
    expect(attachmentHref("javascript:alert(1)", origin)).toBeNull();
    expect(attachmentHref("data:text/html,<b>x</b>", origin)).toBeNull();
    expect(attachmentHref("//evil.example/a.pdf", origin)).toBeNull();
    expect(attachmentHref("/\\evil.example/a.pdf", origin)).toBeNull();
    expect(attachmentHref("media/a.pdf", origin)).toBeNull();
  });
});

describe("attachmentName", () => {
  it("shows the decoded last path segment", () => {
    expect(attachmentName("https://files.example.com/tickets/T-1/My%20report.pdf?sig=1")).toBe("My report.pdf");
  });
  it("survives malformed encoding and empty paths", () => {
    expect(attachmentName("https://files.example.com/bad%E0%A4%A.pdf")).toBe("bad%E0%A4%A.pdf");
    expect(attachmentName("https://files.example.com/")).toBe("files.example.com");
  });
});
