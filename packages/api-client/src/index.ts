export { type ApiClient, type ApiClientOptions, type ApiPaths, createApiClient } from "./client.ts";
export { ApiError, type ErrorBody, isApiError } from "./errors.ts";
export type { components, operations, paths } from "./generated/schema.ts";
export {
  type ApiData,
  type ApiQueries,
  apiQueryKey,
  createApiQueries,
  type WriteData,
  type WriteInit,
} from "./queries.ts";
export { api, configureApiClient, getApiClient, useApiMutation, useApiQuery } from "./runtime.ts";
export type {
  Company,
  CreditBalance,
  DetailMessage,
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  OtpRequest,
  RecoverAuthenticatorRequest,
  ResetPasswordRequest,
  Role,
  RoleAlias,
  TwoFASetup,
  TwoFAState,
  User,
} from "./types.ts";
