import { ApiError } from "@sentinel/api-client";
import { describe, expect, it } from "vitest";
import { renderHook } from "vitest-browser-react";
import { type FormChecks, useFormErrors } from "./errors.ts";

type Values = { email: string; password: string };
const checks: FormChecks<Values> = (v) => ({
  email: v.email.includes("@") ? undefined : "Enter a valid e-mail address.",
  password: v.password ? undefined : "Enter your password.",
});

async function renderForm(initial: { error: ApiError | null; values: Values }) {
  return renderHook((props: { error: ApiError | null; values: Values } = initial) =>
    useFormErrors(props.error, props.values, checks),
  );
}

describe("useFormErrors", () => {
  it("shows the API's field error until its field changes, keeping one object meanwhile", async () => {
    const error = new ApiError(400, { password: ["This password is too short."] }, "/x");
    const values = { email: "a@example.com", password: "short" };
    const { result, rerender } = await renderForm({ error, values });
    const first = result.current.fieldErrors;
    expect(first).toEqual({ password: "This password is too short." });

    await rerender({ error, values: { ...values } });
    expect(result.current.fieldErrors).toBe(first);

    await rerender({ error, values: { ...values, password: "short1" } });
    expect(result.current.fieldErrors).toEqual({});
    // Back to the rejected value: the answer was about that value, so it shows again.
    await rerender({ error, values });
    expect(result.current.fieldErrors).toEqual({ password: "This password is too short." });
  });

  it("runs the form's own checks on submit only, and drops each message as its field changes", async () => {
    const values = { email: "not-an-email", password: "" };
    const { result, rerender, act } = await renderForm({ error: null, values });
    expect(result.current.fieldErrors).toEqual({});

    let ok = true;
    await act(() => {
      ok = result.current.check();
    });
    expect(ok).toBe(false);
    expect(result.current.fieldErrors).toEqual({
      email: "Enter a valid e-mail address.",
      password: "Enter your password.",
    });

    await rerender({ error: null, values: { ...values, password: "demo" } });
    expect(result.current.fieldErrors).toEqual({ email: "Enter a valid e-mail address." });
  });

  it("puts the form's own message before a standing API message on the same field", async () => {
    const error = new ApiError(400, { email: ["Enter a valid email address."] }, "/x");
    const values = { email: "x", password: "demo" };
    const { result, act } = await renderForm({ error, values });
    expect(result.current.fieldErrors).toEqual({ email: "Enter a valid email address." });
    await act(() => {
      result.current.check();
    });
    expect(result.current.fieldErrors).toEqual({ email: "Enter a valid e-mail address." });
  });
});
