import { useParams } from "react-router";

/** A numeric route param (`:id`, `:scan_id`…), or null when it is missing or not a whole number. */
export function useIdParam(name: string): number | null {
  const raw = useParams()[name];
  return raw && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
}
