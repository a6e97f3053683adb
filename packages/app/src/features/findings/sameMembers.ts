/** Whether two lists hold the same values, in any order (each list free of repeats). */
export function sameMembers<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && b.every((value) => a.includes(value));
}
