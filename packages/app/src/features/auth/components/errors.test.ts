import { ApiError } from "@sentinel/api-client";
import { describe, expect, it } from "vitest";
import { formErrors } from "./errors.ts";

describe("formErrors", () => {
  it("puts field messages next to the form's fields", () => {
    const error = new ApiError(400, { email: ["Enter a valid email address."] }, "/x");
    expect(formErrors(error, ["email", "password"])).toEqual({
      fieldErrors: { email: "Enter a valid email address." },
      formError: undefined,
    });
  });

  it("shows non-field and detail messages as the form error", () => {
    expect(formErrors(new ApiError(400, { non_field_errors: ["Unable to log in."] }, "/x"), ["email"]).formError).toBe(
      "Unable to log in.",
    );
    expect(formErrors(new ApiError(401, { detail: "No active account found." }, "/x"), ["email"]).formError).toBe(
      "No active account found.",
    );
  });

  it("never drops a message for a field the form does not have", () => {
    const error = new ApiError(400, { token: ["Invalid or expired reset link."] }, "/x");
    expect(formErrors(error, ["password", "password_confirm"])).toEqual({
      fieldErrors: {},
      formError: "Invalid or expired reset link.",
    });
  });

  it("explains a failure without a body", () => {
    expect(formErrors(new ApiError(0, undefined, "/x"), ["email"]).formError).toBe("The server could not be reached.");
  });

  it("is empty without an error", () => {
    expect(formErrors(null, ["email"])).toEqual({ fieldErrors: {}, formError: undefined });
  });
});
