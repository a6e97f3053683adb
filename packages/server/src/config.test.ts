import { expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

it("reports every bad value at once, each with a message that says what is expected", () => {
  let error: unknown;
  try {
    loadConfig({ PORT: "http", DATABASE_URL: "mysql://x", JWT_SECRET: "short", LOG_LEVEL: "loud", SEED_DEMO: "maybe" });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ConfigError);
  expect([...(error as ConfigError).problems].sort()).toEqual(
    [
      'PORT must be an integer from 1 to 65535, got "http"',
      "DATABASE_URL must start with postgres:// or postgresql://",
      "JWT_SECRET must be at least 32 bytes long",
      "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent",
      'SEED_DEMO must be true or false, got "maybe"',
    ].sort(),
  );
});

it("defaults to the embedded database, seeded, on loopback", () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    databaseUrl: null,
    seedDemo: true,
    host: "127.0.0.1",
    port: 8000,
    accessTokenTtlSeconds: 600,
  });
  expect(loadConfig({ DATABASE_URL: "postgres://u@db/sentinel" }).seedDemo).toBe(false);
});

it("takes a scan job's heartbeat of at least 10 seconds, 30 by default (issue 29)", () => {
  expect(loadConfig({}).scanning.jobHeartbeatSeconds).toBe(30);
  expect(loadConfig({ SCAN_JOB_HEARTBEAT_SECONDS: "10" }).scanning.jobHeartbeatSeconds).toBe(10);
  expect(() => loadConfig({ SCAN_JOB_HEARTBEAT_SECONDS: "5" })).toThrow(
    'SCAN_JOB_HEARTBEAT_SECONDS must be an integer from 10 to 600, got "5"',
  );
});

it("takes the process's roles from --role, which wins over SENTINEL_ROLES (issue 30)", () => {
  const roles = (env: Record<string, string>, argv: string[]) => loadConfig(env, argv).roles;
  expect(roles({}, [])).toEqual({ api: true, worker: true });
  expect(roles({ SENTINEL_ROLES: "worker" }, [])).toEqual({ api: false, worker: true });
  expect(roles({ SENTINEL_ROLES: "worker" }, ["--role=api"])).toEqual({ api: true, worker: false });
  expect(roles({ SENTINEL_ROLES: "api" }, ["--role", "worker"])).toEqual({ api: false, worker: true });
  expect(roles({ SENTINEL_ROLES: "api" }, ["--", "--role=all"])).toEqual({ api: true, worker: true });
  expect(() => loadConfig({}, ["--role=web"])).toThrow('--role takes api, worker or all, got "web"');
  expect(() => loadConfig({}, ["--port=1"])).toThrow('Unknown argument "--port=1"');
  expect(() => loadConfig({}, ["--role"])).toThrow('--role takes api, worker or all, got ""');
});

it("bounds a stopping process's wait for its requests and jobs, 20 seconds by default (issue 30)", () => {
  expect(loadConfig({}).shutdownTimeoutSeconds).toBe(20);
  expect(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: "5" }).shutdownTimeoutSeconds).toBe(5);
  expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: "0" })).toThrow(
    'SHUTDOWN_TIMEOUT_SECONDS must be an integer from 1 to 600, got "0"',
  );
});

it("takes the certificate authorities https clones trust as an absolute path, none by default (issue 29)", () => {
  expect(loadConfig({}).scanning.gitCaFile).toBeNull();
  expect(loadConfig({ SCAN_GIT_CA_FILE: "/etc/sentinel/git-ca.pem" }).scanning.gitCaFile).toBe(
    "/etc/sentinel/git-ca.pem",
  );
  expect(() => loadConfig({ SCAN_GIT_CA_FILE: "git-ca.pem" })).toThrow(
    'SCAN_GIT_CA_FILE: "git-ca.pem" is not an absolute path',
  );
});
