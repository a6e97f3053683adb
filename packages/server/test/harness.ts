import { randomBytes } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import type { Database } from "../src/db/pool.ts";
import type { Services } from "../src/http/handler.ts";
import { openServices } from "../src/server.ts";

export interface TestServer {
  app: FastifyInstance;
  services: Services;
  database: Database;
  databaseUrl: string;
  /** Signs in (password `demo`) and returns the access token; 2FA accounts get their pre-2FA token. */
  signIn(email: string, password?: string): Promise<{ access: string; refresh: string; two_fa: string }>;
  call(
    method: string,
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A server on a fresh copy of the seeded template database, driven in-process (no port). */
export async function testServer(env: Record<string, string> = {}): Promise<TestServer> {
  const adminUrl = inject("pgAdminUrl");
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // CREATE DATABASE … TEMPLATE needs the template to have no other session; retry briefly when a
  // sibling file is copying it at the same moment.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${inject("pgTemplate")}`);
      break;
    } catch (error) {
      if (attempt >= 50 || !/being accessed by other users/.test((error as Error).message)) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: "silent", SEED_DEMO: "false", ...env });
  const { database, services } = await openServices(config, databaseUrl);
  const app = await buildApp(services);
  await app.ready();

  const call: TestServer["call"] = async (method, path, options = {}) =>
    await app.inject({
      method: method as "GET",
      url: path,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
    });

  return {
    app,
    services,
    database,
    databaseUrl,
    call,
    async signIn(email, password = "demo") {
      const res = await call("POST", "/api/v1/auth/login/", { body: { email, password } });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${email} answered ${res.statusCode}: ${res.body}`);
      return res.json();
    },
    async close() {
      await app.close();
      await services.jobs.boss.stop({ graceful: false });
      await database.close();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
