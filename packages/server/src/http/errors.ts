/** An answer other than success, in the contract's Django REST framework body (`ErrorBody`). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;
  constructor(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    super(typeof body.detail === "string" ? body.detail : `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export const notFound = () => new ApiError(404, { detail: "Not found." });
export const forbidden = (detail = "You do not have permission to perform this action.") =>
  new ApiError(403, { detail });
export const unauthorized = (detail = "Given token not valid for any token type", code = "token_not_valid") =>
  new ApiError(401, { detail, code });
export const fieldError = (field: string, message: string) => new ApiError(400, { [field]: [message] });
export const fieldErrors = (errors: Record<string, string[]>) => new ApiError(400, errors);
export const nonField = (message: string) => new ApiError(400, { non_field_errors: [message] });
export const conflict = (body: Record<string, unknown>) => new ApiError(409, body);
export const throttled = (retryAfterSeconds: number) =>
  new ApiError(
    429,
    { detail: `Request was throttled. Expected available in ${retryAfterSeconds} seconds.` },
    { "retry-after": String(retryAfterSeconds) },
  );
