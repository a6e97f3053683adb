import type { components } from "./generated/schema.ts";

// Friendly names for the schemas the app uses; field names stay exactly as the API sends them.
type Schemas = components["schemas"];

export type Role = Schemas["Role"];
export type RoleAlias = Schemas["RoleAlias"];
export type TwoFAState = Schemas["TwoFAState"];
export type User = Schemas["User"];
export type Company = Schemas["Company"];
export type CreditBalance = Schemas["CreditBalance"];
export type LoginRequest = Schemas["LoginRequest"];
export type LoginResponse = Schemas["LoginResponse"];
export type OtpRequest = Schemas["OtpRequest"];
export type TwoFASetup = Schemas["TwoFASetup"];
export type ForgotPasswordRequest = Schemas["ForgotPasswordRequest"];
export type ResetPasswordRequest = Schemas["ResetPasswordRequest"];
export type RecoverAuthenticatorRequest = Schemas["RecoverAuthenticatorRequest"];
export type DetailMessage = Schemas["DetailMessage"];
