import { paths } from "../../../config/paths.ts";

/**
 * Where a blocked payment sends the user: the credits screen, asked (through its search params) to
 * open the top-up request for threat inspection credits, with the missing amount as a suggestion.
 * The credits screen owns those params: `topup=1`, `credit_type`, `amount`.
 */
export function topUpHref(shortfall: number): string {
  const search = new URLSearchParams({ topup: "1", credit_type: "THREATINSPECTION" });
  if (shortfall > 0) search.set("amount", String(Math.ceil(shortfall)));
  return `${paths.credits_activity.getHref()}?${search.toString()}`;
}
