import { type ApiClient, type ApiClientOptions, createApiClient } from "./client.ts";

let current: ApiClient | undefined;

/** Creates the client the app's queries use. Call once at start-up (and again in tests). */
export function configureApiClient(options: ApiClientOptions): ApiClient {
  current = createApiClient(options);
  return current;
}

export function getApiClient(): ApiClient {
  if (!current) throw new Error("configureApiClient() must run before the first request");
  return current;
}
