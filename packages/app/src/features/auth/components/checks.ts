// The browser's own rule for an `<input type="email">` (HTML standard, "valid e-mail address"),
// so the form accepts exactly what the field's keyboard and autofill are made for.
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Why an e-mail field's value cannot be sent, or undefined when it can. */
export function emailProblem(value: string): string | undefined {
  const email = value.trim();
  if (!email) return "Enter your e-mail address.";
  if (!emailPattern.test(email)) return "Enter a valid e-mail address, such as name@example.com.";
  return undefined;
}

/** Why a one-time code cannot be sent, or undefined when it can. */
export function codeProblem(value: string, length = 6): string | undefined {
  if (!value) return `Enter the ${length}-digit code from your authenticator app.`;
  if (value.length < length) return `The code has ${length} digits.`;
  return undefined;
}

/** A required field's message when it is empty. */
export const required = (value: string, message: string): string | undefined => (value ? undefined : message);
