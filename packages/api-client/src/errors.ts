import type { components } from "./generated/schema.ts";

export type ErrorBody = components["schemas"]["ErrorBody"];

/**
 * Why a call failed: an HTTP error status, a network failure (or abort), no answer within the
 * client's time limit, or a success answer whose body could not be read as JSON.
 */
export type ApiFailureKind = "http" | "network" | "timeout" | "unreadable";

/**
 * A response outside 200–299, or a call that got no usable response (`status` 0: the network
 * failed, the request was aborted or timed out, or a success body was not valid JSON).
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly kind: ApiFailureKind;
  constructor(
    /** HTTP status; 0 when there was no usable response. */
    readonly status: number,
    /** The API's error body when it sent JSON, otherwise `undefined`. */
    readonly body: ErrorBody | undefined,
    readonly url: string,
    options?: { cause?: unknown; kind?: Exclude<ApiFailureKind, "http"> },
  ) {
    const kind: ApiFailureKind = status === 0 ? (options?.kind ?? "network") : "http";
    super(describe(status, body, kind), options?.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }

  /** The server could not be reached (or the request was aborted). */
  get isNetworkError(): boolean {
    return this.kind === "network";
  }

  /** The client gave up waiting (see `timeoutMs` of `createApiClient`). */
  get isTimeout(): boolean {
    return this.kind === "timeout";
  }

  /**
   * Field-level messages, as a Django REST backend sends them (`{ field: ["message"] }`). `detail`,
   * `non_field_errors` and the JWT library's machine-readable `code` are not fields.
   */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    if (!this.body) return out;
    for (const [key, value] of Object.entries(this.body)) {
      if (key === "detail" || key === "non_field_errors" || key === "code") continue;
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

function describe(status: number, body: ErrorBody | undefined, kind: ApiFailureKind): string {
  if (kind === "timeout") return "The server did not answer in time.";
  if (kind === "unreadable") return "The server's answer could not be read.";
  if (typeof body?.detail === "string") return body.detail;
  const nonField = body?.non_field_errors;
  if (Array.isArray(nonField) && typeof nonField[0] === "string") return nonField[0];
  if (status === 0) return "The server could not be reached.";
  return `Request failed with status ${status}.`;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
