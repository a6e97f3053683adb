// Fails when src/generated/schema.ts no longer matches what openapi-typescript makes of openapi.yaml.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";

const root = new URL("../../../", import.meta.url);
const generatedPath = fileURLToPath(new URL("packages/api-client/src/generated/schema.ts", root));
const ast = await openapiTS(new URL("openapi.yaml", root));
const expected = astToString(ast);
const committed = readFileSync(generatedPath, "utf8");

// The CLI prepends a banner; compare the bodies so the check does not depend on CLI formatting.
const body = (text) => text.slice(text.indexOf("export interface paths"));
if (body(committed).trim() !== body(expected).trim()) {
  console.error("packages/api-client/src/generated/schema.ts is stale. Run: pnpm codegen");
  process.exit(1);
}
console.info("codegen: schema.ts is up to date with openapi.yaml");
