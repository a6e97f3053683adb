import { describe, expect, it } from "vitest";
import { contractOperations } from "./contract.ts";
import { buildValidator } from "./contract-validator.ts";
import { fuzzResponse } from "./fuzz.ts";
import { HOSTILE_VALUES } from "./seed/hostile.ts";

const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);

describe("fuzzResponse", () => {
  it("answers every operation with 20 schema-valid bodies (one per seed)", () => {
    const compile = buildValidator();
    const failures: string[] = [];
    let checked = 0;
    for (const op of contractOperations()) {
      for (const seed of SEEDS) {
        const answer = fuzzResponse(op.method, op.path, seed);
        expect(answer.status, `${op.operationId} status`).toBe(Number(op.success));
        if (!op.schema) {
          expect(answer.body, `${op.operationId} body`).toBeUndefined();
          continue;
        }
        const validate = compile(op.schema);
        checked++;
        if (!validate(answer.body)) {
          for (const e of validate.errors ?? []) {
            failures.push(
              `${op.operationId} seed ${seed}: body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
            );
          }
        }
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(20 * 80);
  });

  it("is deterministic per seed and varies between seeds", () => {
    const path = "/api/v1/networkva/scan-configuration/";
    expect(fuzzResponse("get", path, 3)).toEqual(fuzzResponse("get", path, 3));
    const bodies = new Set(SEEDS.map((seed) => JSON.stringify(fuzzResponse("get", path, seed).body)));
    expect(bodies.size).toBe(SEEDS.length);
  });

  it("reaches the edges: hostile strings, nulls and empty lists show up across the seeds", () => {
    const text = SEEDS.map((seed) => JSON.stringify(fuzzResponse("get", "/api/v1/ticket/{id}/", seed).body)).join("\n");
    expect(HOSTILE_VALUES.some((value) => text.includes(JSON.stringify(value).slice(1, -1)))).toBe(true);
    expect(text).toContain("null");
    expect(text).toContain("[]");
  });

  it("keeps ids unique within a body", () => {
    for (const seed of SEEDS) {
      const body = fuzzResponse("get", "/api/v1/ticket/", seed).body as { results: Array<{ id: number }> };
      const ids = body.results.map((row) => row.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it("refuses an operation the contract does not have", () => {
    expect(() => fuzzResponse("get", "/api/v1/nope/", 1)).toThrow(/not in openapi.yaml/);
  });
});
