import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { buildDrainableApp } from "./app.ts";
import type { ExposureImportJob, ExposureScanJob } from "./areas/network/exposureScans.ts";
import type { ReportImportJob } from "./areas/network/scanImports.ts";
import type { NetworkScanJob } from "./areas/network/scanRuns.ts";
import type { SourceScanJob } from "./areas/sourcecode/scanRuns.ts";

import type { ThreatScanJob } from "./areas/threat/scanRuns.ts";

import type { WebScanJob } from "./areas/webapp/scanRuns.ts";
import { downloadSigner } from "./auth/downloads.ts";
import { signingKey, tokenService } from "./auth/tokens.ts";
import type { Config } from "./config.ts";
import { type EmbeddedPostgres, secureDataDir, startEmbeddedPostgres } from "./db/embedded.ts";
import { migrate } from "./db/migrate.ts";
import { type Database, openDatabase } from "./db/pool.ts";
import type { Services } from "./http/handler.ts";
import { type Mail, mailer } from "./jobs/mail.ts";
import { type JobQueue, QUEUES, startJobQueue } from "./jobs/queue.ts";
import { failAbandonedExposureScan, runExposureImportJob, runExposureScanJob } from "./scanning/exposureJob.ts";
import { runReportImportJob } from "./scanning/importJob.ts";
import { runNetworkScanJob } from "./scanning/networkJob.ts";
import { failAbandonedNetworkScan, fireDueAreaScans, type SchedulerDeps } from "./scanning/schedules.ts";
import { failAbandonedSourceScan, runSourceScanJob } from "./scanning/sourceJob.ts";

import { failAbandonedThreatScan, reputationAggregator, runThreatScanJob } from "./scanning/threatJob.ts";

import { failAbandonedWebScan, runWebScanJob } from "./scanning/webJob.ts";
import { seedDemo } from "./seed/load.ts";

export interface Running {
  app: FastifyInstance;
  url: string;
  databaseUrl: string;
  /**
   * Drains and stops (issue 30): no new request or job is taken; the requests in flight finish, then
   * the running jobs, each within `shutdownTimeoutSeconds` (a request still running then is cut off,
   * a job still running is handed back to the queue, which runs it again in another worker).
   */
  stop(): Promise<void>;
}

/** Starts one process of the product: its database (embedded unless DATABASE_URL), jobs and API. */
export async function startServer(config: Config, options: { listen?: boolean } = {}): Promise<Running> {
  let embedded: EmbeddedPostgres | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    secureDataDir(config.dataDir);
    embedded = await startEmbeddedPostgres(config.dataDir);
    databaseUrl = embedded.url;
  }
  await migrate(databaseUrl);
  const { database, services } = await openServices(config, databaseUrl);
  const { jobs } = services;
  if (config.seedDemo) await seedDemo(database.db, config.seedDataset);
  const { app, drain } = await buildDrainableApp(services);

  let stopScanWorkers = () => {};
  if (config.roles.worker) {
    const send = mailer(config, app.log);
    await jobs.boss.work<Mail>(QUEUES.mail, async ([job]) => {
      if (job) await send(job.data);
    });
    stopScanWorkers = await startScanWorkers(jobs, { db: database.db, scanning: config.scanning });
  }

  let url = "";
  if (options.listen !== false && config.roles.api) {
    url = await app.listen({ host: config.host, port: config.port });
  } else {
    await app.ready();
  }

  return {
    app,
    url,
    databaseUrl,
    async stop() {
      const bound = config.shutdownTimeoutSeconds * 1000;
      stopScanWorkers();
      const finished = await drain.drain(bound);
      if (!finished)
        app.log.warn({ inFlight: drain.inFlight }, "requests still running at the shutdown bound were cut off");
      const closing = app.close();
      if (!finished) app.server.closeAllConnections();
      await closing;
      // pg-boss stops fetching, waits for the active jobs, and at the bound fails the rest back to
      // their queues (an ordinary retry).
      await jobs.boss.stop({ graceful: true, timeout: bound });
      // The pool waits for its connections to come back; a cut-off request (or one whose client left
      // while its statement waits on a lock) may still hold one, whose transaction ends uncommitted
      // when the process exits. So that wait is bounded too.
      const poolWait = finished ? bound : 1_000;
      await Promise.race([database.close(), new Promise((resolve) => setTimeout(resolve, poolWait).unref())]);
      await embedded?.stop();
    },
  };
}

/**
 * The scan workers of this process: two scans at a time here, and at most the configured number per
 * company across every worker process (pg-boss counts a company's active jobs in the database).
 * The scheduler looks for due scans each second and queues them; the workers poll each second, so a
 * scheduled scan starts within two seconds of its time. Returns what stops the scheduler.
 */
export async function startScanWorkers(
  jobs: JobQueue,
  deps: { db: Database["db"]; scanning: Config["scanning"] },
): Promise<() => void> {
  await jobs.boss.work<NetworkScanJob>(
    QUEUES.networkScan,
    { localConcurrency: 2, groupConcurrency: deps.scanning.companyConcurrency, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (job) await runNetworkScanJob(deps, job.data, job.signal);
    },
  );
  const aggregator = reputationAggregator(deps.scanning);
  await jobs.boss.work<ThreatScanJob>(
    QUEUES.threatScan,
    { localConcurrency: 2, groupConcurrency: deps.scanning.companyConcurrency, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (job) await runThreatScanJob({ ...deps, aggregator }, job.data, job.signal);
    },
  );
  await jobs.boss.work<ThreatScanJob>(QUEUES.deadThreatScan, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await failAbandonedThreatScan(deps.db, job.data);
  });

  await jobs.boss.work<ExposureScanJob>(
    QUEUES.exposureScan,
    { localConcurrency: 2, groupConcurrency: deps.scanning.companyConcurrency, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (job) await runExposureScanJob(deps, job.data, job.signal);
    },
  );
  await jobs.boss.work<ExposureImportJob>(
    QUEUES.exposureImport,
    { localConcurrency: 1, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (job) await runExposureImportJob(deps.db, job.data);
    },
  );
  await jobs.boss.work<ExposureScanJob>(QUEUES.deadExposureScan, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await failAbandonedExposureScan(deps.db, job.data);
  });

  await jobs.boss.work<WebScanJob>(
    QUEUES.webScan,
    { localConcurrency: 2, groupConcurrency: deps.scanning.companyConcurrency, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (job) await runWebScanJob(deps, job.data, job.signal);
    },
  );
  await jobs.boss.work<WebScanJob>(QUEUES.deadWebScan, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await failAbandonedWebScan(deps.db, job.data);
  });
  await jobs.boss.work<NetworkScanJob>(QUEUES.deadNetworkScan, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await failAbandonedNetworkScan(deps.db, job.data);
  });
  await jobs.boss.work<SourceScanJob>(
    QUEUES.sourceScan,
    { localConcurrency: 1, groupConcurrency: deps.scanning.companyConcurrency, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (job) await runSourceScanJob(deps, job.data, job.signal);
    },
  );
  await jobs.boss.work<SourceScanJob>(QUEUES.deadSourceScan, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await failAbandonedSourceScan(deps.db, job.data);
  });
  await jobs.boss.work<ReportImportJob>(
    QUEUES.reportImport,
    { localConcurrency: 1, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (job) await runReportImportJob(deps.db, job.data);
    },
  );
  return startScheduler({ ...deps, jobs });
}

/** Ticks each second; a tick that outlasts a second is not overlapped by the next. */
function startScheduler(deps: SchedulerDeps): () => void {
  let ticking = false;
  const timer = setInterval(() => {
    if (ticking) return;
    ticking = true;
    fireDueAreaScans(deps)
      .catch(() => {
        // The database is away (a restart): the next tick tries again.
      })
      .finally(() => {
        ticking = false;
      });
  }, SCHEDULER_TICK_MS);
  // The process ends when its server and job queue stop, not when this timer would.
  timer.unref();
  return () => clearInterval(timer);
}

const SCHEDULER_TICK_MS = 1_000;

/** The database, the job queue and the token and download-link signers of one process, on a migrated database. */
export async function openServices(
  config: Config,
  databaseUrl: string,
): Promise<{ database: Database; services: Services }> {
  const database = openDatabase(databaseUrl);
  const jobs = await startJobQueue(databaseUrl, { heartbeatSeconds: config.scanning.jobHeartbeatSeconds });
  await grantJobTables(database);
  const key = await signingKey(database.db, config.jwtSecret);
  const services: Services = {
    db: database.db,
    config,
    tokens: tokenService(key),
    downloads: downloadSigner(key),
    jobs,
  };
  return { database, services };
}

/** Any number: processes starting together take turns at the job tables' grants. */
const JOB_GRANTS_LOCK = 74_251_003;

/**
 * Jobs queued inside a request's transaction are written as the request role. Every process grants
 * on start, and PostgreSQL refuses two changes to one object's privileges at the same moment ("tuple
 * concurrently updated"): a lock held to the end of the grants' transaction orders them.
 */
export async function grantJobTables(database: Database): Promise<void> {
  await database.db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${JOB_GRANTS_LOCK})`.execute(tx);
    await sql`grant usage on schema pgboss to sentinel_app;
              grant select, insert, update, delete on all tables in schema pgboss to sentinel_app;
              grant usage, select on all sequences in schema pgboss to sentinel_app;
              grant execute on all functions in schema pgboss to sentinel_app`.execute(tx);
  });
}
