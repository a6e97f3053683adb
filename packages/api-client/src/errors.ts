import type { components } from "./generated/schema.ts";

export type ErrorBody = components["schemas"]["ErrorBody"];

/** A response outside 200–299, or a request that never got a response (`status` 0). */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    /** HTTP status; 0 when the network failed or the request was aborted. */
    readonly status: number,
    /** The API's error body when it sent JSON, otherwise `undefined`. */
    readonly body: ErrorBody | undefined,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(describe(status, body), options);
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** Field-level messages, as a Django REST backend sends them (`{ field: ["message"] }`). */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    if (!this.body) return out;
    for (const [key, value] of Object.entries(this.body)) {
      if (key === "detail" || key === "non_field_errors") continue;
      if (Array.isArray(value) && typeof value[0] === "string") out[key] = value[0];
      else if (typeof value === "string") out[key] = value;
    }
    return out;
  }

  /** The message meant for the whole form rather than one field. */
  formError(): string | undefined {
    const nonField = this.body?.non_field_errors;
    if (Array.isArray(nonField) && typeof nonField[0] === "string") return nonField[0];
    if (typeof this.body?.detail === "string") return this.body.detail;
    return undefined;
  }
}

function describe(status: number, body: ErrorBody | undefined): string {
  if (typeof body?.detail === "string") return body.detail;
  const nonField = body?.non_field_errors;
  if (Array.isArray(nonField) && typeof nonField[0] === "string") return nonField[0];
  if (status === 0) return "The server could not be reached.";
  return `Request failed with status ${status}.`;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
