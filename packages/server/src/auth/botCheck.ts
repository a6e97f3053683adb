import type { Config } from "../config.ts";
import { fieldError } from "../http/errors.ts";

const MESSAGE = "Complete the bot check and try again.";

/**
 * Verifies a bot-check token with the provider when the bot check is configured; without one it
 * lets everything through (the app shows no widget then either). A provider that cannot be reached
 * fails closed: the form asks again rather than letting a bot through.
 */
export async function verifyBotCheck(config: Config, token: string | undefined, ip: string): Promise<void> {
  if (!config.botCheck) return;
  if (!token) throw fieldError("captcha_token", MESSAGE);
  let success = false;
  try {
    const response = await fetch(config.botCheck.verifyUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret: config.botCheck.secret, response: token, remoteip: ip }),
      signal: AbortSignal.timeout(5_000),
    });
    success = response.ok && ((await response.json()) as { success?: unknown }).success === true;
  } catch {
    success = false;
  }
  if (!success) throw fieldError("captcha_token", MESSAGE);
}
