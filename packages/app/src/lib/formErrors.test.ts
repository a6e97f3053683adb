import { ApiError, type ErrorBody } from "@sentinel/api-client";
import { describe, expect, it } from "vitest";
import { apiErrorText, fieldLabel, mapApiErrors } from "./formErrors.ts";

const badRequest = (body: ErrorBody) => new ApiError(400, body, "/api/v1/ticket/4/messages/");

describe("mapApiErrors", () => {
  it("puts a field's message at that field", () => {
    const error = badRequest({ attachments: ["The submitted file is empty."] });
    expect(mapApiErrors(error, ["message", "attachments"], "Your message wasn't sent")).toEqual({
      fields: { attachments: "The submitted file is empty." },
      form: undefined,
    });
  });

  it("names the fields the form has no input for in the form message, after the API's own message", () => {
    const error = badRequest({
      non_field_errors: ["This ticket is closed."],
      message: ["This field may not be blank."],
      topup_amount: ["Enter a number greater than 0."],
    });
    expect(mapApiErrors(error, ["message"], "Your message wasn't sent")).toEqual({
      fields: { message: "This field may not be blank." },
      form: "Your message wasn't sent: This ticket is closed. Topup amount: Enter a number greater than 0.",
    });
  });

  it("describes a failure without a message instead of dropping it", () => {
    expect(mapApiErrors(new ApiError(500, undefined, "/x"), ["name"], "The ticket wasn't created").form).toBe(
      "The ticket wasn't created: Request failed with status 500.",
    );
    expect(mapApiErrors(new ApiError(0, undefined, "/x"), ["name"], "The ticket wasn't created").form).toBe(
      "The ticket wasn't created: The server could not be reached.",
    );
    expect(mapApiErrors(new Error("boom"), ["name"], "The ticket wasn't created").form).toBe(
      "The ticket wasn't created. Try again.",
    );
  });

  it("never shows the JWT error code as a field", () => {
    const error = new ApiError(401, { detail: "Token is invalid", code: "token_not_valid" }, "/x");
    expect(mapApiErrors(error, [], "Not saved").form).toBe("Not saved: Token is invalid.");
  });
});

describe("apiErrorText and fieldLabel", () => {
  it("labels every field when the form shows none", () => {
    expect(apiErrorText(badRequest({ invoice_id: ["Unknown invoice."] }), [], { invoice_id: "Invoice" })).toBe(
      "Invoice: Unknown invoice.",
    );
    expect(fieldLabel("exposure_detection_target")).toBe("Exposure detection target");
  });
});
