import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a signed download link works after the answer that gave it. */
export const DOWNLOAD_LINK_SECONDS = 60 * 60;

/** What a signed download link says: this user may fetch this attachment until `expires` (Unix seconds). */
export interface DownloadGrant {
  id: number;
  user: number;
  expires: number;
}

export interface DownloadSigner {
  /** The query string (`expires`, `user`, `signature`) of a link for `user` to fetch attachment `id`. */
  query(id: number, user: number, nowMs: number): string;
  /** Whether the signature is this server's for the grant and the grant has not expired at `nowMs`. */
  verify(grant: DownloadGrant, signature: string, nowMs: number): boolean;
}

/**
 * Signs attachment download links. Its key is derived from the access-token key, not that key itself,
 * so no value is ever signed for two purposes with one key.
 */
export function downloadSigner(signingKey: Uint8Array): DownloadSigner {
  const key = createHmac("sha256", signingKey).update("attachment-download").digest();
  const sign = (g: DownloadGrant) =>
    createHmac("sha256", key).update(`${g.id}.${g.user}.${g.expires}`).digest("base64url");
  return {
    query(id, user, nowMs) {
      const expires = Math.floor(nowMs / 1000) + DOWNLOAD_LINK_SECONDS;
      return new URLSearchParams({
        expires: String(expires),
        user: String(user),
        signature: sign({ id, user, expires }),
      }).toString();
    },
    verify(grant, signature, nowMs) {
      if (grant.expires * 1000 <= nowMs) return false;
      const expected = Buffer.from(sign(grant));
      const given = Buffer.from(signature);
      // The length of a signature is public; only equal lengths are compared, in constant time.
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
