import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { drained } from "./cursorFile.ts";

describe("drained", () => {
  it("leaves no listener behind, however many times a stream is waited on", async () => {
    const stream = new EventEmitter();
    for (let i = 0; i < 50; i++) {
      const wait = drained(stream);
      expect(stream.listenerCount("drain")).toBe(1);
      stream.emit("drain");
      await wait;
    }
    expect(stream.listenerCount("drain")).toBe(0);
    expect(stream.listenerCount("close")).toBe(0);
  });

  it("answers when the stream closes instead", async () => {
    const stream = new EventEmitter();
    const wait = drained(stream);
    stream.emit("close");
    await expect(wait).resolves.toBeUndefined();
    expect(stream.listenerCount("drain")).toBe(0);
  });
});
