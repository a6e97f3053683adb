/**
 * A strict RFC 4180 reader: CRLF record ends, quoted fields with doubled quotes, and a failure on
 * anything the RFC does not allow (a bare quote in an unquoted field, text after a closing quote,
 * a bare LF between records).
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error("unterminated quoted field");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i];
        i++;
      }
      if (i < text.length && text[i] !== "," && text.slice(i, i + 2) !== "\r\n") {
        throw new Error(`text after a closing quote at ${i}`);
      }
    } else {
      while (i < text.length && text[i] !== "," && text[i] !== "\r") {
        if (text[i] === '"' || text[i] === "\n") throw new Error(`bare quote or LF at ${i}`);
        field += text[i];
        i++;
      }
      if (text[i] === "\r" && text[i + 1] !== "\n") throw new Error(`bare CR at ${i}`);
    }
    record.push(field);
    field = "";
    if (text[i] === ",") {
      i++;
      if (i === text.length) record.push("");
    } else if (text.slice(i, i + 2) === "\r\n") {
      records.push(record);
      record = [];
      i += 2;
    }
  }
  if (record.length > 0) throw new Error("last record does not end with CRLF");
  return records;
}
