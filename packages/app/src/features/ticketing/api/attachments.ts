import { saveFile } from "../../../shared/findings/api/saveFile.ts";

/**
 * Fetches an attachment from its signed download link (the API's downloadTicketAttachment, same origin)
 * and offers it to save under its stored name. A page's fetch reaches static mode's handler, where a
 * followed link (a new tab, a navigation) never would; the server answers both alike.
 */
export async function downloadAttachment(href: string, name: string): Promise<void> {
  const response = await fetch(href, { credentials: "omit" });
  if (!response.ok) {
    throw new Error(
      response.status === 401 || response.status === 403
        ? "The download link has expired. Reload the ticket and try again."
        : response.status === 404
          ? "This file is no longer available."
          : "The file could not be downloaded.",
    );
  }
  saveFile(await response.blob(), name);
}
