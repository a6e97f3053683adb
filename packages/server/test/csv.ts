/** The ids of a findings CSV export, in the file's order (the id is each line's last cell). */
export const idsOfCsv = (text: string): number[] =>
  text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .slice(1)
    .map((line) => Number(line.split(",").at(-1)));
