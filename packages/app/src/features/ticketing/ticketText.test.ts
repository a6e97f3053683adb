import { describe, expect, it } from "vitest";
import { formatLifetime, personName, senderTypeLabel } from "./ticketText.ts";

describe("formatLifetime", () => {
  it("reads Django durations with and without days", () => {
    expect(formatLifetime("3 04:05:06.123456")).toBe("3d 4h");
    expect(formatLifetime("2 days, 00:10:00")).toBe("2d");
    expect(formatLifetime("04:05:06")).toBe("4h 05m");
    expect(formatLifetime("00:42:00")).toBe("42m");
    expect(formatLifetime("00:00:20")).toBe("under a minute");
  });
  it("passes unknown shapes through and maps empty to null", () => {
    expect(formatLifetime("P1DT2H")).toBe("P1DT2H");
    expect(formatLifetime(null)).toBeNull();
    expect(formatLifetime("")).toBeNull();
  });
});

describe("personName and senderTypeLabel", () => {
  it("falls back from name to email to a placeholder", () => {
    expect(personName({ id: 1, fullname: " Ana Lee ", email: "ana@example.com" })).toBe("Ana Lee");
    expect(personName({ id: 1, fullname: "", email: "ana@example.com" })).toBe("ana@example.com");
    expect(personName(null)).toBe("Unknown user");
  });
  it("capitalises the free-form sender type", () => {
    expect(senderTypeLabel("staff")).toBe("Staff");
    expect(senderTypeLabel("CLIENT_ADMIN")).toBe("Client admin");
    expect(senderTypeLabel("")).toBe("Unknown");
  });
});
