import { setupServer } from "msw/node";
import { handlers } from "./handlers/index.ts";

/** Static mode for node tests: `server.listen()` in beforeAll, `resetDemoData()` between tests. */
export const server = setupServer(...handlers);
