import { describe, expect, it } from "vitest";
import { hostAndPort } from "./labels.ts";

describe("hostAndPort", () => {
  it("writes the port beside the host, an IPv6 host in brackets, and the host alone without a port", () => {
    expect(hostAndPort("192.0.2.10", 443)).toBe("192.0.2.10:443");
    expect(hostAndPort("2001:db8::1", 8443)).toBe("[2001:db8::1]:8443");
    expect(hostAndPort("mail.example.com", "general")).toBe("mail.example.com");
    expect(hostAndPort("Booking Hub API", null)).toBe("Booking Hub API");
  });
});
