import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../errors.ts";
import { contractOperations as operations } from "./contract.ts";
import { buildValidator } from "./contract-validator.ts";
import { db, registeredOperations } from "./index.ts";
import { server } from "./node.ts";
import { BASE, clientFor, type LooseInit, requestLoose, sendKey, signIn } from "./testing.ts";

/**
 * Every operation of openapi.yaml is called through the real client against the static-mode
 * handlers, and the actual body is validated against the operation's success schema (Ajv, JSON
 * Schema 2020-12). Objects the contract leaves open are checked strictly too, so a typo'd or
 * undeclared field in a handler fails here.
 */

type Json = Record<string, unknown>;

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterAll(() => server.close());

describe("static mode against openapi.yaml", () => {
  it("registers a handler for every operation, and none the contract lacks", () => {
    const contract = operations()
      .map((o) => `${o.method.toUpperCase()} ${o.path}`)
      .sort();
    const handled = [...new Set(registeredOperations.map((o) => `${o.method.toUpperCase()} ${o.path}`))].sort();
    expect(
      contract.filter((o) => !handled.includes(o)),
      "operations without a handler",
    ).toEqual([]);
    expect(
      handled.filter((o) => !contract.includes(o)),
      "handlers for paths the contract lacks",
    ).toEqual([]);
  });

  it("answers every operation with a body that matches its success schema", async () => {
    db.resetAll();
    const d = db.get();
    const compile = buildValidator();
    const ops = new Map(operations().map((o) => [o.operationId, o]));
    const failures: string[] = [];
    const called = new Set<string>();

    const admin = await signIn("admin@example.com");
    const superAdmin = await signIn("superadmin@example.com");
    const pendingLogin = async (email: string) => {
      const r = await fetch(`${BASE}/api/v1/auth/login/`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password: "demo" }),
      });
      return ((await r.json()) as { access: string; refresh: string }).access;
    };

    // Ids of seeded rows the demo admin (Northwind Logistics, company 1) can see.
    const first = <T>(rows: readonly T[], what: string, pick: (row: T) => boolean): T => {
      const row = rows.find(pick);
      if (!row) throw new Error(`no seeded ${what}`);
      return row;
    };
    const networkFinding = first(d.findings, "network finding", (f) => f.area === "network" && f.company_id === 1);
    const scanEndpoint = first(d.scanEndpoints, "scan endpoint", (e) => e.id === networkFinding.parent_id);
    const networkScan = first(d.networkScans, "network scan", (s) => s.id === scanEndpoint.scan_id);
    const network = {
      id: networkScan.config_id,
      scanId: networkScan.id,
      endpointId: scanEndpoint.id,
      findingId: networkFinding.id,
    };
    const idleExposureConfig = first(
      d.exposureConfigs,
      "exposure configuration with no scan queued or running",
      (c) =>
        c.company_id === 1 &&
        !d.exposureScans.some((s) => s.config_id === c.id && (s.status === "QUEUED" || s.status === "RUNNING")),
    );
    const idleNetworkConfig = first(
      d.networkConfigs,
      "network configuration with no scan queued or running",
      (c) =>
        c.company_id === 1 &&
        !d.networkScans.some((s) => s.config_id === c.id && (s.status === "QUEUED" || s.status === "RUNNING")),
    );
    const codeFinding = first(d.findings, "source code finding", (f) => f.area === "sourcecode" && f.company_id === 1);
    const codeScan = first(d.sourceScans, "source code scan", (s) => s.id === codeFinding.parent_id);
    const freeRepo = first(
      d.sourceAssets,
      "unregistered GitHub repository",
      (a) =>
        a.git_provider === "GITHUB" &&
        !d.sourceApps.some((app) => app.asset_id === a.id) &&
        d.products.find((p) => p.id === a.product_id)?.company_id === 1,
    );
    const webFinding = first(d.findings, "web finding", (f) => f.area === "web" && f.company_id === 1);
    const webScan = first(d.webScans, "web scan", (s) => s.id === webFinding.parent_id);
    const idleWebApp = first(
      d.webApps,
      "web application of company 1 with no scan queued or running",
      (a) =>
        d.products.find((p) => p.id === d.webAssets.find((w) => w.id === a.asset_id)?.product_id)?.company_id === 1 &&
        !d.webScans.some((s) => s.app_id === a.id && (s.status === "QUEUED" || s.status === "RUNNING")),
    );
    const ticket = first(d.tickets, "ticket", (t) => t.company_id === 1 && t.status !== "CLOSED");
    const host = first(
      d.exposureHosts,
      "exposure host",
      (h) => d.exposureScans.find((s) => s.id === h.scan_id)?.config_id === 1,
    );
    const exposure = { id: 1, scanId: host.scan_id };
    const exposureAsset = first(
      d.exposureAssets,
      "exposure asset",
      (a) => d.exposureConfigs.find((c) => c.id === 1)?.asset_id === a.id,
    );
    const threatFinding = first(d.findings, "threat finding", (f) => f.area === "threat" && f.company_id === 1);
    const threatEndpoint = first(d.threatEndpoints, "threat endpoint", (e) => e.id === threatFinding.parent_id);
    const threatScan = first(d.threatScans, "threat scan", (s) => s.id === threatEndpoint.scan_id);
    const memberId = first(d.users, "member", (u) => u.email === "member@example.com").id;
    const state: { createdConfig?: number; invoice?: string; total?: number } = {};

    const call = async (operationId: string, token: string | null, init: LooseInit = {}): Promise<Json | undefined> => {
      const op = ops.get(operationId);
      if (!op) {
        failures.push(`${operationId}: not in openapi.yaml`);
        return undefined;
      }
      called.add(operationId);
      try {
        const { data, response } = await requestLoose(clientFor(token), op.method, op.path, init);
        if (String(response.status) !== op.success)
          failures.push(`${operationId}: status ${response.status}, expected ${op.success}`);
        if (op.schema === undefined) {
          if (data !== undefined && data !== "") failures.push(`${operationId}: expected no body`);
          return undefined;
        }
        const validate = compile(op.schema);
        if (!validate(data)) {
          for (const e of validate.errors ?? []) {
            failures.push(`${operationId} ${op.path}: body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
          }
        }
        return data as Json;
      } catch (error) {
        const detail = error instanceof ApiError ? `${error.status} ${JSON.stringify(error.body)}` : String(error);
        failures.push(`${operationId}: request failed: ${detail}`);
        return undefined;
      }
    };
    const path = (p: Record<string, number>): LooseInit => ({ params: { path: p } });

    // Auth
    await call("login", null, { body: { email: "member@example.com", password: "demo" } });
    await call("loginWithSlash", null, { body: { email: "admin@example.com", password: "demo" } });
    await call("verifyTwoFactor", await pendingLogin("twofa@example.com"), { body: { otp: "123456" } });
    const setupToken = await pendingLogin("setup2fa@example.com");
    await call("getTwoFactorSetup", setupToken);
    await call("verifyTwoFactorSetup", setupToken, { body: { otp: "123456" } });
    await call("forgotPassword", null, { body: { email: "member@example.com" } });
    await call("resetPassword", null, {
      body: { token: "abc123def456", password: "correct-horse", password_confirm: "correct-horse" },
    });
    await call("recoverAuthenticator", null, { body: { email: "twofa@example.com", password: "demo" } });
    const loggedIn = await fetch(`${BASE}/api/v1/auth/login/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "analyst@example.com", password: "demo" }),
    });
    const { refresh } = (await loggedIn.json()) as { refresh: string };
    await call("refreshToken", null, { body: { refresh } });

    // User and company
    await call("getProfile", admin);
    await call("listAnalysts", superAdmin);
    await call("getMyCompany", admin);
    await call("listCompanies", superAdmin, { params: { query: { page_size: 100 } } });
    await call("createCompany", superAdmin, { body: { name: "Osprey Maritime", email: "security@osprey.example" } });
    await call("getCompany", admin, path({ id: 1 }));
    await call("updateCompany", admin, {
      ...path({ id: 1 }),
      body: { description: "Freight forwarding, warehousing and customs." },
    });
    await call("listCompanyMembers", admin, { params: { path: { id: 1 }, query: { page: 2, limit: 10 } } });
    const invited = await call("createCompanyMember", admin, {
      ...path({ id: 1 }),
      body: { first_name: "Iris", last_name: "Novak", email: "iris.novak@northwind.example", role: "CLIENT" },
    });
    const invitedId = Number(invited?.id);
    await call("resendCompanyMemberInvitation", admin, path({ id: 1, member_id: invitedId }));
    await call("deactivateCompanyMember", admin, path({ id: 1, member_id: invitedId }));
    await call("reactivateCompanyMember", admin, path({ id: 1, member_id: invitedId }));
    const twoFactorMember = first(d.users, "member with 2FA", (u) => u.company_id === 1 && u.two_fa === "ACTIVE");
    await call("resetCompanyMemberTwoFactor", admin, path({ id: 1, member_id: twoFactorMember.id }));
    await call("getCompanyMember", admin, path({ id: 1, member_id: memberId }));
    await call("updateCompanyMember", admin, {
      ...path({ id: 1, member_id: memberId }),
      body: { phone_number: "+1 202-555-0199" },
    });

    // Assets
    await call("listProducts", admin);
    await call("getProduct", admin, path({ id: d.products.find((p) => p.company_id === 1)?.id ?? 1 }));
    await call("listSourceCodeAssets", admin);
    await call("listWebAppAssets", admin);
    await call("listThreatInspectionAssets", admin);
    await call("listNetworkAssets", admin, { params: { query: { search: "192.0.2" } } });
    await call("listExposureAssets", admin);
    // Add, edit and remove (issue 28): a new product gets one asset of each kind, each edited and
    // removed, then the product itself is removed.
    const added = await call("createProduct", admin, { body: { name: "Contract check product" } });
    const productId = Number(added?.id);
    await call("updateProduct", admin, {
      params: { path: { id: productId } },
      body: { name: "Contract check renamed" },
    });
    const kinds: Array<[string, Json, Json]> = [
      [
        "SourceCode",
        { git_provider: "GITHUB", repository_url: "git@github.com:acme/contract.git", branch: ["main"] },
        { branch: ["main", "release/1.0"] },
      ],
      [
        "WebApp",
        { application_name: "Contract portal", url: "https://contract.example.com/" },
        { application_name: "Portal" },
      ],
      ["Network", { target: "192.0.2.0/28" }, { target: "192.0.2.16/28" }],
      ["Exposure", { name: "contract.example.com" }, { name: "contract.example.org" }],
    ];
    for (const [kind, create, update] of kinds) {
      const asset = await call(`create${kind}Asset`, admin, { body: { product: productId, ...create } });
      const id = Number(asset?.id);
      await call(`update${kind}Asset`, admin, { params: { path: { id } }, body: update });
      await call(`delete${kind}Asset`, admin, path({ id }));
    }
    await call("deleteProduct", admin, path({ id: productId }));

    // Dashboards (staff see every company)
    for (const op of [
      "getAssetGrowth",
      "getCompanyGrowth",
      "getCreditGraph",
      "getMostUsedService",
      "listTopSpendingCompanies",
      "listDashboardExposureDetectionScans",
      "listDashboardNetworkScans",
      "listDashboardThreatInspectionScans",
      "listDashboardSourceCodeScans",
      "listDashboardWebAppScans",
      "listLatestTickets",
      "getTicketOverview",
      "getUserGrowth",
    ]) {
      await call(op, superAdmin);
    }

    // Credits and payments
    await call("getCreditBalance", admin);
    await call("listCreditTransactions", admin, { params: { query: { transaction_action: "SPENDING" } } });
    await call("getCreditTransactionGraph", admin);
    await call("listPayments", admin);
    await call("listTopupPayments", admin);
    await call("getPayment", admin, path({ id: first(d.payments, "payment", (p) => p.company_id === 1).id }));
    // A CSV file, not JSON: read as the app's download does.
    called.add("exportCreditTransactions");
    const transactionsCsv = await fetch(
      `${BASE}/api/v1/credit/credit-transactions/export/?transaction_action=SPENDING`,
      {
        headers: { Authorization: `Bearer ${admin}` },
      },
    );
    if (transactionsCsv.status !== 200)
      failures.push(`exportCreditTransactions: status ${transactionsCsv.status}, expected 200`);
    if (!(transactionsCsv.headers.get("Content-Type") ?? "").startsWith("text/csv"))
      failures.push(`exportCreditTransactions: Content-Type ${transactionsCsv.headers.get("Content-Type")}`);
    // Read to the end: a body left unread holds the (intercepted) socket open past the test, and its
    // late close then fails the run.
    if ((await transactionsCsv.text()).split("\r\n").length < 2)
      failures.push("exportCreditTransactions: no header and rows");
    await call("createTopupPayment", admin, {
      body: { items: [{ transaction_type: "NETWORKVA", amount: 500 }], payment_method: "BANK_TRANSFER" },
    });

    // Network
    await call("listNetworkScanConfigurations", admin);
    await call("getNetworkScanConfiguration", admin, path({ id: network.id }));
    await call("listNetworkScans", admin, path({ id: network.id }));
    await call("listNetworkScanEndpoints", admin, path({ id: network.id, scanId: network.scanId }));
    await call(
      "getNetworkScanEndpoint",
      admin,
      path({ id: network.id, scanId: network.scanId, endpointId: network.endpointId }),
    );
    await call(
      "listNetworkFindings",
      admin,
      path({ id: network.id, scanId: network.scanId, endpointId: network.endpointId }),
    );
    await call(
      "listNetworkServices",
      admin,
      path({ id: network.id, scanId: network.scanId, endpointId: network.endpointId }),
    );
    await call("getNetworkFinding", admin, path(network));
    await call("updateNetworkFindingStatus", admin, {
      ...path(network),
      body: { status: networkFinding.status === "FIXING" ? "ACTIVE" : "FIXING", message: "Update to fixing" },
    });
    await call("updateNetworkScanSchedule", admin, {
      ...path({ id: network.id, scan_id: network.scanId }),
      body: { schedulle_type: "AUTOMATIC_SCHEDULLE", frequency_type: "MONTHLY", scan_time: "2026-12-01T02:00:00Z" },
    });

    const networkAsset = first(
      d.networkAssets,
      "network asset of company 1",
      (a) => !a.archived_at && d.products.some((p) => p.id === a.product_id && p.company_id === 1),
    );
    await call("createNetworkScanConfiguration", admin, {
      body: { assets: [networkAsset.id], schedulle_type: "ONE_TIME_SCAN", scan_time: "2027-01-04T09:00:00Z" },
    });
    const started = await call("runNetworkScan", admin, path({ id: idleNetworkConfig.id }));
    await call("abortNetworkScan", admin, path({ id: idleNetworkConfig.id, scan_id: Number(started?.id) }));
    const report = new FormData();
    report.append("file", new Blob(['<?xml version="1.0"?><nmaprun scanner="nmap"></nmaprun>']), "nmap.xml");
    await call("importNetworkScanReport", admin, { ...path({ id: idleNetworkConfig.id }), body: report });

    // Source code
    await call("listSourceCodeApplications", superAdmin, { params: { query: { company: 1 } } });
    await call("createSourceCodeApplication", admin, { body: { asset: freeRepo.id } });
    await call("getSourceCodeApplication", admin, path({ id: codeScan.app_id }));
    await call("listSourceCodeScans", admin, path({ id: codeScan.app_id }));
    await call("getSourceCodeScan", admin, path({ id: codeScan.id }));
    await call("listSourceCodeFindings", admin, path({ id: codeScan.id }));
    await call("getSourceCodeFinding", admin, path({ id: codeScan.id, findingId: codeFinding.id }));
    await call("updateSourceCodeFindingStatus", admin, {
      ...path({ id: codeScan.id, findingId: codeFinding.id }),
      body: {
        status: codeFinding.status === "MITIGATED" ? "ACTIVE" : "MITIGATED",
        message: "Fixed in release 2026.11",
      },
    });
    const idleApp = first(
      d.sourceApps,
      "source code application with no scan queued or scanning",
      (a) =>
        d.products.find((p) => p.id === d.sourceAssets.find((x) => x.id === a.asset_id)?.product_id)?.company_id ===
          1 && !d.sourceScans.some((s) => s.app_id === a.id && (s.status === "QUEUED" || s.status === "SCANNING")),
    );
    const branch = d.sourceAssets.find((a) => a.id === idleApp.asset_id)?.branches[0] ?? "main";
    const codeRun = await call("runSourceCodeScan", admin, { ...path({ id: idleApp.id }), body: { branch } });
    await call("getSourceCodeScanSchedule", admin, path({ id: idleApp.id }));
    await call("updateSourceCodeScanSchedule", admin, {
      ...path({ id: idleApp.id }),
      body: {
        schedulle_type: "AUTOMATIC_SCHEDULLE",
        frequency_type: "WEEKLY",
        scan_time: "2027-02-01T02:00:00Z",
        branch,
      },
    });
    await call("abortSourceCodeScan", admin, path({ id: Number(codeRun?.id) }));
    const sarif = new FormData();
    sarif.append("file", new Blob(['{"version":"2.1.0","runs":[]}']), "results.sarif");
    await call("importSourceCodeScanReport", admin, { ...path({ id: idleApp.id }), body: sarif });

    // Web applications
    await call("listWebApplications", admin);
    await call("getWebApplication", admin, path({ id: webScan.app_id }));
    await call("listWebScans", admin, path({ id: webScan.app_id }));
    await call("getWebScan", admin, path({ id: webScan.id }));
    await call("listWebFindings", admin, path({ id: webScan.id }));
    await call("getWebFinding", admin, path({ id: webScan.id, findingId: webFinding.id }));
    await call("updateWebFindingStatus", admin, {
      ...path({ id: webScan.id, findingId: webFinding.id }),
      body: { status: webFinding.status === "TOLERATED" ? "ACTIVE" : "TOLERATED", message: "Accepted risk" },
    });
    const freeWebAsset = first(
      d.webAssets,
      "web application asset of company 1 not yet scanned",
      (a) =>
        !a.archived_at &&
        !d.webApps.some((app) => app.asset_id === a.id) &&
        d.products.some((p) => p.id === a.product_id && p.company_id === 1 && !p.archived_at),
    );
    await call("createWebApplications", admin, {
      body: { assets: [freeWebAsset.id], schedulle_type: "ONE_TIME_SCAN", scan_time: "2027-01-04T09:00:00Z" },
    });
    const startedWeb = await call("runWebScan", admin, path({ id: idleWebApp.id }));
    await call("getWebScanSchedule", admin, path({ id: idleWebApp.id }));
    await call("updateWebScanSchedule", admin, {
      ...path({ id: idleWebApp.id }),
      body: { schedulle_type: "SPECIFIED_SCHEDULLE", scan_time: "2027-02-01T02:00:00Z" },
    });
    await call("abortWebScan", admin, path({ id: Number(startedWeb?.id) }));
    const webReport = new FormData();
    webReport.append("file", new Blob(['{"classifications": {}, "vulnerabilities": {}}']), "wapiti.json");
    await call("importWebScanReport", admin, { ...path({ id: idleWebApp.id }), body: webReport });

    // Tickets (multipart)
    await call("listTickets", admin, { params: { query: { status: "PROCESSING" } } });
    const ticketForm = new FormData();
    ticketForm.set("name", "Export cuts off the findings table");
    ticketForm.set("category", "BUG");
    ticketForm.set("description", "Page 2 of the PDF is empty.");
    ticketForm.append("attachments", new File(["%PDF-1.7"], "export.pdf", { type: "application/pdf" }));
    const newTicket = await call("createTicket", admin, { params: { header: sendKey() }, body: ticketForm });
    await call("getTicket", admin, path({ id: ticket.id }));
    // The designed download: a file, not JSON; its headers are checked here.
    const attachmentId = Number((newTicket?.attachments as Array<{ id: number }> | undefined)?.[0]?.id);
    called.add("downloadTicketAttachment");
    const download = await fetch(`${BASE}/api/v1/ticket/attachments/${attachmentId}/download/`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    if (download.status !== 200) failures.push(`downloadTicketAttachment: status ${download.status}, expected 200`);
    if (
      !/^attachment; filename="export\.pdf"; filename\*=UTF-8''export\.pdf$/.test(
        download.headers.get("Content-Disposition") ?? "",
      )
    )
      failures.push(`downloadTicketAttachment: Content-Disposition ${download.headers.get("Content-Disposition")}`);
    if (download.headers.get("X-Content-Type-Options") !== "nosniff")
      failures.push("downloadTicketAttachment: no X-Content-Type-Options: nosniff");
    if (!(await download.text()).startsWith("%PDF-")) failures.push("downloadTicketAttachment: not a PDF");
    const messageForm = new FormData();
    messageForm.set("message", "Any news on this?");
    await call("createTicketMessage", admin, {
      params: { path: { id: ticket.id }, header: sendKey() },
      body: messageForm,
    });
    // The designed lifecycle: staff take the ticket up and assign it, the client closes and rates it.
    const analystId = first(d.users, "analyst", (u) => u.role === "ANALYST").id;
    await call("assignTicket", superAdmin, { ...path({ id: ticket.id }), body: { assignee: analystId } });
    await call("updateTicketStatus", admin, { ...path({ id: ticket.id }), body: { status: "CLOSED" } });
    await call("rateTicket", admin, { ...path({ id: ticket.id }), body: { rating: 4, comment: "Quick and clear." } });

    // Exposure detection
    await call("listExposureDetectionConfigurations", admin);
    const freeDomain = first(
      d.exposureAssets,
      "exposure asset of company 1 without a configuration",
      (a) =>
        !a.archived_at &&
        d.products.some((p) => p.id === a.product_id && p.company_id === 1) &&
        !d.exposureConfigs.some((c) => c.asset_id === a.id),
    );
    await call("createExposureDetectionConfiguration", admin, {
      body: {
        assets: [freeDomain.id],
        schedulle_type: "AUTOMATIC_SCHEDULLE",
        frequency_type: "MONTHLY",
        scan_time: "2027-01-04T09:00:00Z",
      },
    });
    await call("listExposureDetectionScans", admin, path({ id: exposure.id }));
    await call("listExposureHosts", admin, path(exposure));
    await call("listExposureDomains", admin, path(exposure));
    const exposureStarted = await call("runExposureDetectionScan", admin, path({ id: idleExposureConfig.id }));
    await call("getExposureDetectionScanSchedule", admin, path({ id: idleExposureConfig.id }));
    await call("updateExposureDetectionScanSchedule", admin, {
      ...path({ id: idleExposureConfig.id }),
      body: { schedulle_type: "ONE_TIME_SCAN", scan_time: "2027-02-01T02:00:00Z" },
    });
    await call(
      "abortExposureDetectionScan",
      admin,
      path({ id: idleExposureConfig.id, scan_id: Number(exposureStarted?.id) }),
    );
    const exposureReport = new FormData();
    exposureReport.append("file", new Blob(['<?xml version="1.0"?><nmaprun scanner="nmap"></nmaprun>']), "nmap.xml");
    await call("importExposureDetectionScanReport", admin, {
      ...path({ id: idleExposureConfig.id }),
      body: exposureReport,
    });

    // Threat inspection: the purchase flow, then the seeded scans
    await call("listThreatInspectionConfigurations", admin);
    const created = await call("createThreatInspectionConfiguration", admin, {
      body: { name: "Contract test", exposure_detection_target: exposureAsset.target.id },
    });
    state.createdConfig = Number(created?.id);
    await call("listUnpaidThreatInspectionConfigurations", admin);
    // The designed discard: a second draft, thrown away before it is ever priced.
    const draft = await call("createThreatInspectionConfiguration", admin, {
      body: { name: "Contract test draft", exposure_detection_target: exposureAsset.target.id },
    });
    await call("discardThreatInspectionConfiguration", admin, path({ id: Number(draft?.id) }));
    await call(
      "getThreatInspectionEndpointSelection",
      admin,
      path({ id: state.createdConfig, exposure_scan_id: exposure.scanId }),
    );
    await call("updateThreatInspectionEndpoints", admin, {
      ...path({ id: state.createdConfig }),
      body: { endpoints: [host.id] },
    });
    const estimate = await call("estimateThreatInspectionPrice", admin, {
      ...path({ id: state.createdConfig }),
      body: { scan_frequency: "WEEKLY" },
    });
    const summary = estimate?.charge_summary as { invoice_number: string; grand_total: number } | undefined;
    await call("processThreatInspectionConfiguration", admin, {
      ...path({ id: state.createdConfig }),
      body: { invoice_id: summary?.invoice_number, amount_paid: summary?.grand_total },
    });
    await call("getThreatInspectionConfiguration", admin, path({ id: state.createdConfig }));
    // The purchase queued its first scan: abort it (refunded), then run one now.
    const bought = await call("listThreatInspectionScans", admin, path({ id: state.createdConfig }));
    const firstScan = (bought?.results as Json[] | undefined)?.[0];
    await call("abortThreatInspectionScan", admin, path({ id: state.createdConfig, scan_id: Number(firstScan?.id) }));
    await call("runThreatInspectionScan", admin, path({ id: state.createdConfig }));
    await call("listThreatInspectionTargets", admin, path({ id: threatScan.config_id }));
    await call("listThreatInspectionScans", admin, path({ id: threatScan.config_id }));
    await call("getThreatInspectionScan", admin, path({ id: threatScan.id }));
    await call("listThreatInspectionScanEndpoints", admin, path({ id: threatScan.id }));
    await call("getThreatInspectionEndpoint", admin, path({ id: threatEndpoint.id }));
    await call("listThreatInspectionFindings", admin, path({ id: threatEndpoint.id }));
    await call("getThreatInspectionFinding", admin, path({ id: threatFinding.id }));
    await call("updateThreatInspectionFindingStatus", admin, {
      ...path({ id: threatFinding.id }),
      body: {
        status: threatFinding.status === "FALSE_POSITIVE" ? "ACTIVE" : "FALSE_POSITIVE",
        message: "Shared hosting range",
      },
    });
    await call("listThreatInspectionEndpointReputations", admin, path({ id: threatScan.id }));
    await call("listThreatInspectionDomainReputations", admin, path({ id: threatScan.id }));

    // Findings across every area
    await call("listFindings", superAdmin, {
      params: { query: { page_size: 500, ordering: "-last_seen", company: 1 } },
    });
    await call("listFindings", admin, { params: { query: { search: "CVE" } } });
    // The next page by cursor (issue 30).
    const byName = await call("listFindings", admin, { params: { query: { ordering: "name", page_size: 20 } } });
    await call("listFindings", admin, {
      params: { query: { ordering: "name", page_size: 20, cursor: String(byName?.next_cursor) } },
    });
    await call("exportFindings", admin, { params: { query: { format: "json", status: "ACTIVE" } } });

    // Findings: a bulk change by ids (with the versions seen), then its undo
    const bulkFindings = d.findings.filter((f) => f.company_id === 1 && f.status === "ACTIVE").slice(0, 3);
    const bulk = await call("bulkUpdateFindingStatus", admin, {
      body: {
        ids: bulkFindings.map((f) => f.id),
        versions: Object.fromEntries(bulkFindings.map((f) => [String(f.id), f.version])),
        status: "FIXING",
      },
    });
    await call("undoFindingBatch", admin, path({ batch_id: Number(bulk?.batch_id) }));

    // Finding ownership (issue 28): the SLA, who may be assigned, one assignment, a bulk one and its undo
    await call("getFindingSla", admin, path({ id: 1 }));
    await call("updateFindingSla", admin, {
      ...path({ id: 1 }),
      body: { days: { HIGH: 14, MEDIUM: 60, LOW: 120, INFO: 365, LOG: null } },
    });
    await call("listFindingAssignees", admin, path({ id: 1 }));
    const owner = first(d.users, "a member of company 1", (u) => u.company_id === 1 && u.role === "CLIENT").id;
    await call("assignFinding", admin, { ...path({ id: bulkFindings[0]?.id ?? 1 }), body: { assignee: owner } });
    const assigned = await call("bulkAssignFindings", admin, {
      body: { ids: bulkFindings.map((f) => f.id), assignee: analystId },
    });
    await call("undoFindingBatch", admin, path({ batch_id: Number(assigned?.batch_id) }));

    // Company scan scope (issue 29): a super admin widens company 1's scope, its admin reads it, then it is removed
    const widened = await call("addCompanyScanRange", superAdmin, {
      ...path({ id: 1 }),
      body: { range: "10.40.0.0/16", note: "Office VPN" },
    });
    await call("listCompanyScanRanges", admin, path({ id: 1 }));
    await call("removeCompanyScanRange", superAdmin, path({ id: 1, range_id: Number(widened?.id) }));

    // Account settings, as the analyst (no later call signs in with the analyst's old password).
    const analyst = await signIn("analyst@example.com");
    await call("updateProfile", analyst, { body: { first_name: "Ana", phone_number: "+44 20 7946 0000" } });
    await call("changePassword", analyst, {
      body: { current_password: "demo", password: "correct-horse-2", password_confirm: "correct-horse-2" },
    });
    await call("getTwoFactorSetup", analyst);
    await call("enableTwoFactor", analyst, { body: { otp: "123456" } });
    await call("disableTwoFactor", analyst, { body: { password: "correct-horse-2", otp: "123456" } });
    await call("signOutOtherSessions", analyst);

    // Logout last: it revokes the session.
    const loginForLogout = await fetch(`${BASE}/api/v1/auth/login/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "member@example.com", password: "demo" }),
    });
    const tokens = (await loginForLogout.json()) as { access: string; refresh: string };
    await call("logout", tokens.access, { body: { refresh: tokens.refresh } });

    const notCalled = [...ops.keys()].filter((id) => !called.has(id));
    expect(notCalled, "operations the test did not call").toEqual([]);
    expect(failures).toEqual([]);
  });
});
