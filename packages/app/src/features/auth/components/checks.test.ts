import { describe, expect, it } from "vitest";
import { codeProblem, emailProblem, required } from "./checks.ts";

describe("emailProblem", () => {
  it("accepts what an e-mail input accepts, around spaces", () => {
    expect(emailProblem("name@example.com")).toBeUndefined();
    expect(emailProblem("  first.last+tag@sub.example.co.id ")).toBeUndefined();
    expect(emailProblem("admin@localhost")).toBeUndefined();
  });

  it("names what is wrong", () => {
    expect(emailProblem("")).toBe("Enter your e-mail address.");
    expect(emailProblem("   ")).toBe("Enter your e-mail address.");
    for (const bad of ["not-an-email", "a@", "@example.com", "a b@example.com", "a@-example.com"]) {
      expect(emailProblem(bad), bad).toMatch(/valid e-mail address/);
    }
  });
});

describe("codeProblem", () => {
  it("asks for every digit", () => {
    expect(codeProblem("")).toMatch(/Enter the 6-digit code/);
    expect(codeProblem("123")).toBe("The code has 6 digits.");
    expect(codeProblem("123456")).toBeUndefined();
  });
});

describe("required", () => {
  it("gives the message only for an empty value", () => {
    expect(required("", "Enter your password.")).toBe("Enter your password.");
    expect(required("x", "Enter your password.")).toBeUndefined();
  });
});
