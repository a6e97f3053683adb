import { describe, expect, it } from "vitest";
import { parseSnippetLines } from "./codeSnippet.ts";

describe("parseSnippetLines", () => {
  it("reads the line number prefix and keeps the code's own indentation", () => {
    expect(parseSnippetLines(["41 |     cursor = connection.cursor()", "42 | x"])).toEqual([
      { number: 41, text: "    cursor = connection.cursor()" },
      { number: 42, text: "x" },
    ]);
  });

  it("splits a multi-line snippet", () => {
    expect(parseSnippetLines(["1 | a\n2 | b"])).toEqual([
      { number: 1, text: "a" },
      { number: 2, text: "b" },
    ]);
  });

  it("keeps unnumbered lines as they are, without inventing numbers", () => {
    expect(parseSnippetLines(["<h1>{{ name|safe }}</h1>"])).toEqual([
      { number: null, text: "<h1>{{ name|safe }}</h1>" },
    ]);
  });

  it("keeps a pipe inside the code", () => {
    expect(parseSnippetLines(["7 | a || b | c"])).toEqual([{ number: 7, text: "a || b | c" }]);
  });
});
