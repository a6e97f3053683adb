/**
 * Unwraps a write's response body. Every write in the contract answers 2xx with a body; a missing
 * one is a server fault, and must not reach a form as `undefined` dressed up as success.
 */
export async function requireBody<T>(pending: Promise<T | undefined>): Promise<T> {
  const data = await pending;
  if (data === undefined || data === null) throw new Error("The server sent an empty response.");
  return data;
}
