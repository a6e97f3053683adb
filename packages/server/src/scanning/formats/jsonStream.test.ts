import { describe, expect, it } from "vitest";
import { type JsonEvent, JsonStreamError, JsonStreamReader, pathIs } from "./jsonStream.ts";

function read(text: string, isRecord: (path: readonly (string | number)[]) => boolean, pieceSize = text.length) {
  const reader = new JsonStreamReader(isRecord, () => "a record");
  const events: JsonEvent[] = [];
  for (let i = 0; i < text.length; i += pieceSize) events.push(...reader.write(text.slice(i, i + pieceSize)));
  events.push(...reader.end());
  return events;
}

describe("the streaming JSON reader", () => {
  const text =
    '{"a": 1, "list": [{"s": "x\\"y\\\\z\\n\\u00e9\\ud83d\\ude00", "n": -1.5e3, "t": true, "f": false, "z": null, "__proto__": {"polluted": 1}}, [1, [2]]], "tail": "end"}';

  it("builds records whole and reports other scalars with their paths, in any piece size", () => {
    const isRecord = (path: readonly (string | number)[]) => pathIs(path, ["list", "*"]);
    const whole = read(text, isRecord);
    expect(read(text, isRecord, 1)).toEqual(whole);
    expect(read(text, isRecord, 3)).toEqual(whole);
    expect(whole.map((event) => [event.kind, event.path])).toEqual([
      ["scalar", ["a"]],
      ["record", ["list", 0]],
      ["record", ["list", 1]],
      ["scalar", ["tail"]],
    ]);
    const record = whole[1]?.value as Record<string, unknown>;
    expect({ ...record, __proto__: undefined }).toMatchObject({
      s: 'x"y\\z\né😀',
      n: -1500,
      t: true,
      f: false,
      z: null,
    });
    // "__proto__" is an own key of a prototype-less object, not a prototype.
    expect(Object.getPrototypeOf(record)).toBeNull();
    expect(Object.hasOwn(record, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(whole[2]?.value).toEqual([1, [2]]);
  });

  it.each([
    ['{"a": 1,}', 'is not valid JSON at line 1: unexpected "}"'],
    ['{"a" 1}', "is not valid JSON at line 1: a value where it does not belong"],
    ['{"a": tru}', 'is not valid JSON at line 1: "tru" is not a JSON value'],
    ['{"a": 01}', 'is not valid JSON at line 1: "01" is not a JSON value'],
    ['{"a": "x\\q"}', 'is not valid JSON at line 1: a bad escape "\\q" in a string'],
    ['{"a":\n\n "line\nbreak"}', "is not valid JSON at line 3: a control character inside a string"],
    ["{} {}", "is not valid JSON at line 1: more content after the end of the document"],
    ['{"a": [1, 2', "ends before it is complete (line 1)"],
    ["", "is empty"],
  ])("rejects %j: %s", (input, message) => {
    let error: unknown;
    try {
      read(input, () => false);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(JsonStreamError);
    expect((error as Error).message).toBe(message);
  });

  it("reads a top-level number that ends with the input", () => {
    expect(read("42", () => false)).toEqual([{ kind: "scalar", path: [], value: 42 }]);
  });
});
