/** The URL's `company` value as a company id; anything that is not one means "all companies". */
export function parseCompanyParam(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 ? id : null;
}
