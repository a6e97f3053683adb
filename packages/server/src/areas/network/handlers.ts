import type { FastifyRequest } from "fastify";
import { refuseMember } from "../../auth/memberRights.ts";
import { type Tx, withScope } from "../../db/pool.ts";
import { notFound } from "../../http/errors.ts";
import { type HandlerMap, handle, ok } from "../../http/handler.ts";
import { companyFilter } from "../../http/paging.ts";
import {
  listExposureAssets,
  listNetworkAssets,
  listProducts,
  listSourceCodeAssets,
  listThreatInspectionAssets,
  listWebAppAssets,
  productById,
  type WritableKind,
} from "./assets.ts";
import { createAsset, createProduct, deleteAsset, deleteProduct, updateAsset, updateProduct } from "./assetWrites.ts";
import { type CreateConfigBody, createNetworkConfiguration } from "./configWrites.ts";
import {
  exposurePathExists,
  listExposureConfigurations,
  listExposureDomains,
  listExposureHosts,
  listExposureScans,
} from "./exposure.ts";
import { type CreateExposureConfigBody, createExposureConfigurations } from "./exposureConfigWrites.ts";
import { abortExposureScan, exposureConfigExists, importExposureReport, runExposureScan } from "./exposureScans.ts";
import {
  configurationById,
  configurationExists,
  listConfigurations,
  listScanEndpoints,
  listScans,
  pathExists,
  scanEndpointById,
  scanEndpointServices,
} from "./networkva.ts";
import { importNetworkReport, readReportUpload } from "./scanImports.ts";
import { abortNetworkScan, runNetworkScan } from "./scanRuns.ts";
import { type UpdateScheduleBody, updateSchedule } from "./schedule.ts";
import { type ListQuery, ownCompany } from "./sql.ts";

type CompanyList = (tx: Tx, request: FastifyRequest, query: ListQuery, company: number | null) => Promise<unknown>;

/** A path's id; the route checked that each is an integer of PostgreSQL's range. */
function pathId(params: Record<string, number>, name: string): number {
  const value = params[name];
  if (value === undefined) throw notFound();
  return value;
}

/** Lists of the contract's CompanyScope: a client's own company, or staff's `?company=` (else all). */
const listWithCompanyScope = (fn: CompanyList) =>
  handle<unknown, ListQuery>(async ({ services, caller, request, query }) =>
    ok(await withScope(services.db, caller.scope, (tx) => fn(tx, request, query, companyFilter(caller, query)))),
  );

/**
 * Asset lists: the contract declares no `company` on them, so a client reads its own company and
 * staff read every company.
 */
const listOwnOrEvery = (fn: CompanyList) =>
  handle<unknown, ListQuery>(async ({ services, caller, request, query }) =>
    ok(await withScope(services.db, caller.scope, (tx) => fn(tx, request, query, ownCompany(caller)))),
  );

/** Add, edit and remove of one asset kind (issue 28): 201 with the asset, 200 with it, 204. */
const assetWrites = (kind: WritableKind) => ({
  create: handle<Record<string, unknown>>(async ({ services, caller, body, requestId }) =>
    ok(await withScope(services.db, caller.scope, (tx) => createAsset(tx, { caller, requestId }, kind, body)), 201),
  ),
  update: handle<Record<string, unknown>>(async ({ services, caller, params, body, requestId }) =>
    ok(
      await withScope(services.db, caller.scope, (tx) =>
        updateAsset(tx, { caller, requestId }, kind, pathId(params, "id"), body),
      ),
    ),
  ),
  remove: handle(async ({ services, caller, params, requestId }) => {
    await withScope(services.db, caller.scope, (tx) =>
      deleteAsset(tx, { caller, requestId }, kind, pathId(params, "id")),
    );
    return null;
  }),
});
const sourceCodeWrites = assetWrites("sourcecode");
const webAppWrites = assetWrites("webapp");
const networkWrites = assetWrites("network");
const exposureWrites = assetWrites("exposure");

const orNotFound = <T>(value: T | undefined): T => {
  if (value === undefined) throw notFound();
  return value;
};

export const networkHandlers: HandlerMap = {
  // ---------------------------------------------------------------- asset inventory
  listProducts: listWithCompanyScope(listProducts),
  getProduct: handle(async ({ services, caller, params }) =>
    ok(
      orNotFound(
        await withScope(services.db, caller.scope, (tx) => productById(tx, pathId(params, "id"), ownCompany(caller))),
      ),
    ),
  ),
  createProduct: handle<{ name: string; company?: number }>(async ({ services, caller, body, requestId }) =>
    ok(await withScope(services.db, caller.scope, (tx) => createProduct(tx, { caller, requestId }, body)), 201),
  ),
  updateProduct: handle<{ name?: string }>(async ({ services, caller, params, body, requestId }) =>
    ok(
      await withScope(services.db, caller.scope, (tx) =>
        updateProduct(tx, { caller, requestId }, pathId(params, "id"), body),
      ),
    ),
  ),
  deleteProduct: handle(async ({ services, caller, params, requestId }) => {
    await withScope(services.db, caller.scope, (tx) => deleteProduct(tx, { caller, requestId }, pathId(params, "id")));
    return null;
  }),
  createSourceCodeAsset: sourceCodeWrites.create,
  updateSourceCodeAsset: sourceCodeWrites.update,
  deleteSourceCodeAsset: sourceCodeWrites.remove,
  createWebAppAsset: webAppWrites.create,
  updateWebAppAsset: webAppWrites.update,
  deleteWebAppAsset: webAppWrites.remove,
  createNetworkAsset: networkWrites.create,
  updateNetworkAsset: networkWrites.update,
  deleteNetworkAsset: networkWrites.remove,
  createExposureAsset: exposureWrites.create,
  updateExposureAsset: exposureWrites.update,
  deleteExposureAsset: exposureWrites.remove,
  listSourceCodeAssets: listOwnOrEvery(listSourceCodeAssets),
  listWebAppAssets: listOwnOrEvery(listWebAppAssets),
  listThreatInspectionAssets: listOwnOrEvery(listThreatInspectionAssets),
  listNetworkAssets: listOwnOrEvery(listNetworkAssets),
  listExposureAssets: listOwnOrEvery(listExposureAssets),

  // ---------------------------------------------------------------- network VA
  listNetworkScanConfigurations: listWithCompanyScope(listConfigurations),
  getNetworkScanConfiguration: handle(async ({ services, caller, params }) =>
    ok(
      orNotFound(
        await withScope(services.db, caller.scope, (tx) =>
          configurationById(tx, pathId(params, "id"), ownCompany(caller)),
        ),
      ),
    ),
  ),
  listNetworkScans: handle<unknown, ListQuery>(async ({ services, caller, params, query, request }) => {
    const configId = pathId(params, "id");
    return ok(
      await withScope(services.db, caller.scope, async (tx) => {
        if (!(await configurationExists(tx, configId, ownCompany(caller)))) throw notFound();
        return await listScans(tx, request, query, configId);
      }),
    );
  }),
  createNetworkScanConfiguration: handle<CreateConfigBody>(async ({ services, caller, body, requestId }) =>
    ok(
      await withScope(services.db, caller.scope, (tx) =>
        createNetworkConfiguration(tx, { caller, requestId }, services.config.scanning, body, ownCompany(caller)),
      ),
      201,
    ),
  ),
  runNetworkScan: handle(async ({ services, caller, params, requestId }) =>
    ok(
      await withScope(services.db, caller.scope, (tx) =>
        runNetworkScan(
          tx,
          { caller, requestId },
          services.config.scanning,
          services.jobs,
          pathId(params, "id"),
          ownCompany(caller),
        ),
      ),
      201,
    ),
  ),
  importNetworkScanReport: handle(async ({ services, caller, params, request, requestId }) => {
    // Another company's configuration is 404 and a member's send 403 before any upload is read.
    await withScope(services.db, caller.scope, async (tx) => {
      if (!(await configurationExists(tx, pathId(params, "id"), ownCompany(caller)))) throw notFound();
      refuseMember(caller, "scans");
    });
    const report = await readReportUpload(request, services.config.bodyLimit);
    return ok(
      await withScope(services.db, caller.scope, (tx) =>
        importNetworkReport(tx, { caller, requestId }, services.jobs, pathId(params, "id"), ownCompany(caller), report),
      ),
      201,
    );
  }),
  abortNetworkScan: handle(async ({ services, caller, params, requestId }) =>
    ok(
      await withScope(services.db, caller.scope, (tx) =>
        abortNetworkScan(
          tx,
          { caller, requestId },
          { configId: pathId(params, "id"), scanId: pathId(params, "scan_id") },
          ownCompany(caller),
        ),
      ),
    ),
  ),
  updateNetworkScanSchedule: handle<UpdateScheduleBody>(async ({ services, caller, params, body, requestId }) =>
    ok(
      await withScope(services.db, caller.scope, (tx) =>
        updateSchedule(
          tx,
          caller,
          requestId,
          { configId: pathId(params, "id"), scanId: pathId(params, "scan_id") },
          ownCompany(caller),
          body,
        ),
      ),
    ),
  ),
  listNetworkScanEndpoints: handle<unknown, ListQuery>(async ({ services, caller, params, query, request }) => {
    const ids = { configId: pathId(params, "id"), scanId: pathId(params, "scanId") };
    return ok(
      await withScope(services.db, caller.scope, async (tx) => {
        if (!(await pathExists(tx, ids, ownCompany(caller)))) throw notFound();
        return await listScanEndpoints(tx, request, query, ids.scanId);
      }),
    );
  }),
  getNetworkScanEndpoint: handle(async ({ services, caller, params }) => {
    const ids = {
      configId: pathId(params, "id"),
      scanId: pathId(params, "scanId"),
      endpointId: pathId(params, "endpointId"),
    };
    return ok(
      await withScope(services.db, caller.scope, async (tx) => {
        if (!(await pathExists(tx, ids, ownCompany(caller)))) throw notFound();
        return orNotFound(await scanEndpointById(tx, ids.endpointId));
      }),
    );
  }),
  listNetworkServices: handle(async ({ services, caller, params }) => {
    const ids = {
      configId: pathId(params, "id"),
      scanId: pathId(params, "scanId"),
      endpointId: pathId(params, "endpointId"),
    };
    return ok(
      await withScope(services.db, caller.scope, async (tx) => {
        if (!(await pathExists(tx, ids, ownCompany(caller)))) throw notFound();
        return await scanEndpointServices(tx, ids.endpointId);
      }),
    );
  }),

  // ---------------------------------------------------------------- exposure detection
  listExposureDetectionConfigurations: listWithCompanyScope(listExposureConfigurations),
  createExposureDetectionConfiguration: handle<CreateExposureConfigBody>(
    async ({ services, caller, body, requestId }) =>
      ok(
        await withScope(services.db, caller.scope, (tx) =>
          createExposureConfigurations(tx, { caller, requestId }, services.config.scanning, body, ownCompany(caller)),
        ),
        201,
      ),
  ),
  listExposureDetectionScans: handle<unknown, ListQuery>(async ({ services, caller, params, query, request }) => {
    const configId = pathId(params, "id");
    return ok(
      await withScope(services.db, caller.scope, async (tx) => {
        if (!(await exposurePathExists(tx, { configId }, ownCompany(caller)))) throw notFound();
        return await listExposureScans(tx, request, query, configId);
      }),
    );
  }),
  runExposureDetectionScan: handle(async ({ services, caller, params, requestId }) =>
    ok(
      await withScope(services.db, caller.scope, (tx) =>
        runExposureScan(
          tx,
          { caller, requestId },
          services.config.scanning,
          services.jobs,
          pathId(params, "id"),
          ownCompany(caller),
        ),
      ),
      201,
    ),
  ),
  abortExposureDetectionScan: handle(async ({ services, caller, params, requestId }) =>
    ok(
      await withScope(services.db, caller.scope, (tx) =>
        abortExposureScan(
          tx,
          { caller, requestId },
          { configId: pathId(params, "id"), scanId: pathId(params, "scan_id") },
          ownCompany(caller),
        ),
      ),
    ),
  ),
  importExposureDetectionScanReport: handle(async ({ services, caller, params, request, requestId }) => {
    // Another company's configuration is 404 and a member's send 403 before any upload is read.
    await withScope(services.db, caller.scope, async (tx) => {
      if (!(await exposureConfigExists(tx, pathId(params, "id"), ownCompany(caller)))) throw notFound();
      refuseMember(caller, "scans");
    });
    const report = await readReportUpload(request, services.config.bodyLimit);
    return ok(
      await withScope(services.db, caller.scope, (tx) =>
        importExposureReport(
          tx,
          { caller, requestId },
          services.jobs,
          pathId(params, "id"),
          ownCompany(caller),
          report,
        ),
      ),
      201,
    );
  }),
  listExposureHosts: handle<unknown, ListQuery>(async ({ services, caller, params, query, request }) => {
    const ids = { configId: pathId(params, "id"), scanId: pathId(params, "scanId") };
    return ok(
      await withScope(services.db, caller.scope, async (tx) => {
        if (!(await exposurePathExists(tx, ids, ownCompany(caller)))) throw notFound();
        return await listExposureHosts(tx, request, query, ids.scanId);
      }),
    );
  }),
  listExposureDomains: handle<unknown, ListQuery>(async ({ services, caller, params, query, request }) => {
    const ids = { configId: pathId(params, "id"), scanId: pathId(params, "scanId") };
    return ok(
      await withScope(services.db, caller.scope, async (tx) => {
        if (!(await exposurePathExists(tx, ids, ownCompany(caller)))) throw notFound();
        return await listExposureDomains(tx, request, query, ids.scanId);
      }),
    );
  }),
};
