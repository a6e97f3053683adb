import type { Db } from "../db-types.ts";
import { createSeedContext } from "./context.ts";
import { addExposure, failedExposureRunsAreHistory } from "./exposure.ts";
import { countFindingChanges } from "./findingChanges.ts";
import { addNetwork } from "./network.ts";
import { addCreditsAndPayments } from "./payments.ts";
import { addCompaniesAndPeople } from "./people.ts";
import { addProducts } from "./products.ts";
import { addSourceCode } from "./sourceCode.ts";
import { addThreatInspection } from "./threat.ts";
import { addTickets } from "./tickets.ts";
import { addWebApplications } from "./web.ts";

/**
 * Builds the whole sample data set from a fixed seed and a fixed "now" (2026-11-21T12:00:00Z).
 * The same call always returns the same data. The sections share one generator, so their order is
 * part of the data: each one draws where the one before it stopped (seed-hash.test.ts pins the result).
 */
export function buildSeed(): Db {
  const ctx = createSeedContext();
  addCompaniesAndPeople(ctx);
  addProducts(ctx);
  addNetwork(ctx);
  addSourceCode(ctx);
  addWebApplications(ctx);
  addExposure(ctx);
  addThreatInspection(ctx);
  addTickets(ctx);
  addCreditsAndPayments(ctx);
  failedExposureRunsAreHistory(ctx.db);
  countFindingChanges(ctx.db);
  return ctx.db;
}
