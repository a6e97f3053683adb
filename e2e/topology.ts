// The processes of the e2e run against the server, shared by the Playwright config, serve-api.ts (which
// starts them) and server-processes.spec.ts (which asks each API process on its own port): nginx in
// front, two API processes behind its upstream, one worker with no port (docs/deploy.md, "Several
// processes"). Ports may be moved with E2E_SERVER_PORT and E2E_API_PORT (the first API process; the
// second takes the next port).

/** nginx: the built app, and /api/ proxied to the API processes. */
export const SERVER_PORT = Number(process.env.E2E_SERVER_PORT ?? 8090);

const firstApiPort = Number(process.env.E2E_API_PORT ?? 8091);

/** The API processes (`--role=api`), in the order of nginx's upstream. */
export const API_PROCESSES = [
  { name: "api-1", port: firstApiPort },
  { name: "api-2", port: firstApiPort + 1 },
] as const;

/** What serve-api.ts prints once both API processes answer and the worker takes jobs. */
export const READY_LINE = "The e2e API processes and worker are ready";
