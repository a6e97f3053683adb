import { DAY, HOUR, iso, MINUTE, SEED_NOW } from "../clock.ts";
import type {
  Db,
  DbCompany,
  DbCreditTransaction,
  DbExposureAsset,
  DbExposureDomain,
  DbExposureHost,
  DbFinding,
  DbFindingLog,
  DbNetworkAsset,
  DbNetworkEndpoint,
  DbPayment,
  DbProduct,
  DbThreatConfig,
  DbUser,
  FindingArea,
} from "../db-types.ts";
import { createRng } from "../prng.ts";
import {
  CREDIT_PRICE,
  CREDITS_PER_ENDPOINT,
  type CreditType,
  FINDING_STATUSES,
  type FindingStatus,
  FREQUENCIES,
  type NetworkTargetType,
  type PaymentMethod,
  type PaymentStatus,
  type RepositoryScanStatus,
  type Role,
  SCAN_STATUSES,
  type ScanFrequency,
  type ScanStatus,
  type ScheduleType,
  type Service,
  TICKET_CATEGORIES,
  type TicketStatus,
} from "../schema-types.ts";
import {
  BRANCHES,
  COMPANIES,
  COUNTRIES,
  FIRST_NAMES,
  LAST_NAMES,
  NAMED_PEOPLE,
  PRODUCT_PREFIXES,
  PRODUCT_SUFFIXES,
  REPO_NAMES,
  SUBDOMAIN_WORDS,
  TICKET_MESSAGES,
  TICKET_SUBJECTS,
  WEB_APP_NAMES,
} from "./names.ts";
import { CODE_VULNS, NETWORK_VULNS, THREAT_VULNS, WEB_VULNS } from "./vulns.ts";

/** Bump when the seed's shape or content changes, so a browser drops its stale persisted copy. */
export const SEED_VERSION = 3;
const SEED = 20261121;

/** Ids of the seeded rows the demo accounts and tests refer to. */
export const DEMO_COMPANY_ID = 1;

const emptyDb = (): Db => ({
  version: SEED_VERSION,
  nextId: {},
  invoiceCounter: 0,
  companies: [],
  users: [],
  products: [],
  networkAssets: [],
  networkEndpoints: [],
  networkConfigs: [],
  networkScans: [],
  scanEndpoints: [],
  findings: [],
  sourceAssets: [],
  sourceApps: [],
  sourceScans: [],
  webAssets: [],
  webApps: [],
  webScans: [],
  exposureAssets: [],
  exposureConfigs: [],
  exposureScans: [],
  exposureHosts: [],
  exposureDomains: [],
  threatAssets: [],
  threatConfigs: [],
  threatScans: [],
  threatEndpoints: [],
  tickets: [],
  payments: [],
  creditTransactions: [],
  idempotencyKeys: [],
  findingBatches: [],
});

export function takeId(db: Db, table: string): number {
  const id = db.nextId[table] ?? 1;
  db.nextId[table] = id + 1;
  return id;
}

/** Documentation address blocks (RFC 5737); nothing in them is routable. */
const IP_BLOCKS = ["192.0.2", "198.51.100", "203.0.113"] as const;

class IpAllocator {
  private block = 0;
  private host = 10;
  /** `count` consecutive addresses inside one /24. */
  take(count: number): string[] {
    if (this.host + count > 254) {
      this.block = (this.block + 1) % IP_BLOCKS.length;
      this.host = 10;
    }
    const out: string[] = [];
    for (let i = 0; i < count; i++) out.push(`${IP_BLOCKS[this.block]}.${this.host + i}`);
    this.host += count;
    return out;
  }
}

const SERVICE_CATALOGUE: ReadonlyArray<Omit<Service, "id">> = [
  { port: 22, protocol: "tcp", secure: true },
  { port: 80, protocol: "tcp", secure: false },
  { port: 443, protocol: "tcp", secure: true },
  { port: 3389, protocol: "tcp", secure: false },
  { port: 53, protocol: "udp", secure: false },
  { port: 161, protocol: "udp", secure: false },
  { port: 0, protocol: "icmp", secure: false },
  { port: 25, protocol: "tcp", secure: false },
  { port: 8443, protocol: "tcp", secure: true },
  { port: 5060, protocol: "udp", secure: false },
  { port: 993, protocol: "tcp", secure: true },
  { port: 3306, protocol: "tcp", secure: false },
];

const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * Builds the whole sample data set from a fixed seed and a fixed "now" (2026-11-21T12:00:00Z).
 * The same call always returns the same data.
 */
export function buildSeed(): Db {
  const rng = createRng(SEED);
  const db = emptyDb();
  const ips = new IpAllocator();
  const ago = (days: number, extraMinutes = 0) => iso(SEED_NOW - days * DAY - extraMinutes * MINUTE);
  const at = (ms: number) => iso(Math.min(ms, SEED_NOW));

  const services = (count: number): Service[] =>
    rng.sample(SERVICE_CATALOGUE, count).map((s) => ({ id: takeId(db, "services"), ...s }));

  // ---------------------------------------------------------------- companies and people
  const usedEmails = new Set<string>();
  const addUser = (u: Omit<DbUser, "id" | "username" | "created_at" | "updated_at"> & { created?: number }): DbUser => {
    const created = u.created ?? rng.int(60, 700);
    const user: DbUser = {
      id: takeId(db, "users"),
      first_name: u.first_name,
      last_name: u.last_name,
      username: u.email.split("@")[0] ?? u.email,
      email: u.email,
      password: u.password,
      role: u.role,
      is_superuser: u.is_superuser,
      last_login: u.last_login,
      two_fa: u.two_fa,
      phone_number: u.phone_number,
      company_id: u.company_id,
      created_at: ago(created),
      updated_at: ago(Math.max(0, created - rng.int(0, 50))),
    };
    usedEmails.add(user.email);
    db.users.push(user);
    return user;
  };
  const phone = () => (rng.chance(0.25) ? null : `+62 812-5550-01${String(rng.int(0, 99)).padStart(2, "0")}`);
  const recentLogin = () => (rng.chance(0.15) ? null : ago(rng.int(0, 40), rng.int(0, 600)));
  const person = (role: Role, companyId: number | null, domain: string, extra: Partial<DbUser> = {}) => {
    let first: string = rng.pick(FIRST_NAMES);
    let last: string = rng.pick(LAST_NAMES);
    let email = `${slug(first)}.${slug(last).replace(/-/g, "")}@${domain}`;
    for (let n = 2; usedEmails.has(email); n++) email = `${slug(first)}.${slug(last).replace(/-/g, "")}${n}@${domain}`;
    if (extra.first_name && extra.last_name) {
      first = extra.first_name;
      last = extra.last_name;
    }
    return addUser({
      first_name: first,
      last_name: last,
      email: extra.email ?? email,
      password: "demo",
      role,
      is_superuser: role === "SUPER_ADMIN",
      last_login: recentLogin(),
      two_fa: extra.two_fa ?? "INACTIVE",
      phone_number: phone(),
      company_id: companyId,
    });
  };

  const staff = {
    superAdmin: addUser({
      first_name: "Sinta",
      last_name: "Wijaya",
      email: "superadmin@example.com",
      password: "demo",
      role: "SUPER_ADMIN",
      is_superuser: true,
      last_login: ago(0, 45),
      two_fa: "INACTIVE",
      phone_number: "+62 812-5550-0100",
      company_id: null,
      created: 900,
    }),
    analyst: addUser({
      first_name: "Rizky",
      last_name: "Pratama",
      email: "analyst@example.com",
      password: "demo",
      role: "ANALYST",
      is_superuser: false,
      last_login: ago(0, 120),
      two_fa: "INACTIVE",
      phone_number: "+62 812-5550-0101",
      company_id: null,
      created: 850,
    }),
  };
  const analysts = [
    staff.analyst,
    person("ANALYST", null, "example.net", {
      first_name: "Maya",
      last_name: "Lestari",
      email: "maya.lestari@example.net",
    }),
    person("ANALYST", null, "example.org", {
      first_name: "Jonas",
      last_name: "Larsen",
      email: "jonas.larsen@example.org",
    }),
  ];

  COMPANIES.forEach((seed, index) => {
    const created = index === COMPANIES.length - 1 ? 12 : 720 - index * 80;
    const company: DbCompany = {
      id: takeId(db, "companies"),
      name: seed.name,
      email: `security@${seed.domain}`,
      domain: seed.domain,
      description: seed.description,
      created_at: ago(created),
      updated_at: ago(Math.max(0, created - 30)),
    };
    db.companies.push(company);
  });

  for (const company of db.companies) {
    const large = company.id === DEMO_COMPANY_ID;
    if (large) {
      addUser({
        first_name: "Hannah",
        last_name: "Schmidt",
        email: "admin@example.com",
        password: "demo",
        role: "CLIENT_ADMIN",
        is_superuser: false,
        last_login: ago(0, 30),
        two_fa: "INACTIVE",
        phone_number: "+62 812-5550-0110",
        company_id: company.id,
        created: 640,
      });
      addUser({
        first_name: "Ravi",
        last_name: "Patel",
        email: "member@example.com",
        password: "demo",
        role: "CLIENT",
        is_superuser: false,
        last_login: ago(1, 200),
        two_fa: "INACTIVE",
        phone_number: null,
        company_id: company.id,
        created: 500,
      });
      addUser({
        first_name: "Elena",
        last_name: "Rossi",
        email: "twofa@example.com",
        password: "demo",
        role: "CLIENT",
        is_superuser: false,
        last_login: ago(2, 10),
        two_fa: "ACTIVE",
        phone_number: "+62 812-5550-0112",
        company_id: company.id,
        created: 420,
      });
      for (const named of NAMED_PEOPLE) {
        person("CLIENT", company.id, company.domain, {
          ...named,
          email: `${named === NAMED_PEOPLE[0] ? "layla" : "noa"}@${company.domain}`,
        });
      }
      person("CLIENT_ADMIN", company.id, company.domain);
      person("CLIENT_ADMIN", company.id, company.domain);
      person("ANALYST", company.id, company.domain);
      for (let i = 0; i < 26; i++) person("CLIENT", company.id, company.domain);
    } else {
      if (company.id === 2) {
        addUser({
          first_name: "Daniel",
          last_name: "Okafor",
          email: "setup2fa@example.com",
          password: "demo",
          role: "CLIENT_ADMIN",
          is_superuser: false,
          last_login: null,
          two_fa: "SETUP",
          phone_number: "+62 812-5550-0120",
          company_id: company.id,
          created: 3,
        });
      }
      person("CLIENT_ADMIN", company.id, company.domain);
      if (rng.chance(0.5)) person("CLIENT_ADMIN", company.id, company.domain);
      person("ANALYST", company.id, company.domain);
      const members = rng.int(3, 6);
      for (let i = 0; i < members; i++) person("CLIENT", company.id, company.domain);
    }
  }

  const membersOf = (companyId: number) => db.users.filter((u) => u.company_id === companyId);
  const adminsOf = (companyId: number) => membersOf(companyId).filter((u) => u.role === "CLIENT_ADMIN");
  const actorFor = (companyId: number) => rng.pick([...adminsOf(companyId), ...analysts]);
  const fullName = (u: DbUser) => `${u.first_name} ${u.last_name}`;

  // ---------------------------------------------------------------- products
  for (const company of db.companies) {
    const count = company.id === DEMO_COMPANY_ID ? 32 : rng.int(4, 6);
    const names = new Set<string>();
    while (names.size < count) names.add(`${rng.pick(PRODUCT_PREFIXES)} ${rng.pick(PRODUCT_SUFFIXES)}`);
    for (const name of names) {
      const created = rng.int(30, 600);
      const product: DbProduct = {
        id: takeId(db, "products"),
        name,
        company_id: company.id,
        created_at: ago(created),
        updated_at: ago(rng.int(0, created)),
      };
      db.products.push(product);
    }
  }
  const productsOf = (companyId: number) => db.products.filter((p) => p.company_id === companyId);
  /** Spreads assets over the products: the first few go to distinct products, so product 1 has every kind. */
  const productPicker = (companyId: number) => {
    const list = productsOf(companyId);
    let n = 0;
    return () => {
      const p = n < list.length ? list[n] : rng.pick(list);
      n++;
      return p as DbProduct;
    };
  };

  // ---------------------------------------------------------------- findings helpers
  const catalogueSize: Record<FindingArea, number> = {
    network: NETWORK_VULNS.length,
    web: WEB_VULNS.length,
    sourcecode: CODE_VULNS.length,
    threat: THREAT_VULNS.length,
  };
  const pickStatus = (): FindingStatus => {
    const r = rng.next();
    if (r < 0.45) return "ACTIVE";
    if (r < 0.6) return "FIXING";
    if (r < 0.8) return "MITIGATED";
    if (r < 0.9) return "TOLERATED";
    return "FALSE_POSITIVE";
  };
  const logFor = (status: FindingStatus, foundAt: number, companyId: number): DbFindingLog[] => {
    let t = Math.min(foundAt, SEED_NOW - HOUR);
    const log: DbFindingLog[] = [
      {
        id: takeId(db, "findingLogs"),
        old_status: null,
        new_status: "ACTIVE",
        message: "Finished scan by system",
        modified_by: null,
        created_at: iso(t),
      },
    ];
    const step = (from: FindingStatus, to: FindingStatus, message: string) => {
      // Later than the previous entry, and still before "now".
      const next = t + rng.int(2, 72) * HOUR;
      t = next < SEED_NOW ? next : t + Math.floor((SEED_NOW - t) / 2);
      log.push({
        id: takeId(db, "findingLogs"),
        old_status: from,
        new_status: to,
        message,
        modified_by: actorFor(companyId).id,
        created_at: at(t),
      });
    };
    if (status === "ACTIVE" && rng.chance(0.3)) {
      step("ACTIVE", "FIXING", "Update to fixing");
      step("FIXING", "ACTIVE", "Update to active");
    } else if (status === "FIXING") {
      step("ACTIVE", "FIXING", "Update to fixing");
    } else if (status === "MITIGATED") {
      step("ACTIVE", "FIXING", "Update to fixing");
      step("FIXING", "MITIGATED", "Update to mitigated");
    } else if (status === "TOLERATED") {
      step("ACTIVE", "TOLERATED", "Update to tolerated");
    } else if (status === "FALSE_POSITIVE") {
      step("ACTIVE", "FALSE_POSITIVE", "Update to false positive");
    }
    return log;
  };
  /**
   * `count` findings under one parent, each a different vulnerability (a scanner reports one per
   * target), so at most the catalogue's size. With `cover`, severities and statuses are cycled so the
   * parent shows every severity and every status (used for the lists that must page).
   */
  const addFindings = (
    area: FindingArea,
    parentId: number,
    companyId: number,
    count: number,
    foundAt: number,
    extra: Pick<DbFinding, "host" | "asset_id" | "branch">,
    cover = false,
  ) => {
    const size = catalogueSize[area];
    const vulns = cover ? [] : rng.sample([...Array(size).keys()], Math.min(count, size));
    const added: DbFinding[] = [];
    for (let i = 0; i < Math.min(count, size); i++) {
      const vuln = cover ? i % size : (vulns[i % Math.max(1, vulns.length)] ?? 0);
      const status = cover
        ? (FINDING_STATUSES[Math.floor(i / size) % FINDING_STATUSES.length] ?? "ACTIVE")
        : pickStatus();
      db.findings.push({
        id: takeId(db, "findings"),
        area,
        vuln,
        parent_id: parentId,
        company_id: companyId,
        status: cover && i < FINDING_STATUSES.length ? (FINDING_STATUSES[i] ?? status) : status,
        version: 1,
        log: [],
        host: extra.host,
        asset_id: extra.asset_id,
        branch: extra.branch,
        // The template's line: its code snippet shows that line.
        line: area === "sourcecode" ? (CODE_VULNS[vuln]?.line ?? 1) : null,
        created_at: at(foundAt),
      });
      const finding = db.findings[db.findings.length - 1] as DbFinding;
      finding.log = logFor(finding.status, foundAt, companyId);
      added.push(finding);
    }
    return added;
  };
  /** Adds the port of each finding to the target's services, where the scan found the issue. */
  const servicesCover = (list: Service[], findings: readonly DbFinding[]) => {
    const templates = findings.map((f) => (f.area === "network" ? NETWORK_VULNS : THREAT_VULNS)[f.vuln]);
    for (const t of templates) {
      if (!t || typeof t.port !== "number" || !t.protocol) continue;
      const { port, protocol } = t;
      if (list.some((s) => s.port === port && s.protocol === protocol)) continue;
      list.push({ id: takeId(db, "services"), port, protocol, secure: [22, 443, 993, 8443].includes(port) });
    }
    list.sort((a, b) => a.port - b.port);
  };

  /** Scan timing for a status: start/end, progress and how many of `total` units completed or failed. */
  const timing = (status: ScanStatus, startMs: number, total: number) => {
    const duration = rng.int(20, 180) * MINUTE;
    switch (status) {
      case "COMPLETED": {
        const failed = total > 2 && rng.chance(0.2) ? 1 : 0;
        return { start: startMs, end: startMs + duration, progress: 100, completed: total - failed, failed };
      }
      case "RUNNING": {
        const progress = rng.int(15, 85);
        const completed = Math.floor((total * progress) / 100);
        return { start: startMs, end: null, progress, completed, failed: 0 };
      }
      case "FAILED": {
        const completed = Math.floor(total / 3);
        return {
          start: startMs,
          end: startMs + duration / 2,
          progress: rng.int(10, 60),
          completed,
          failed: total - completed,
        };
      }
      case "ABORTED": {
        const completed = Math.floor(total / 2);
        return { start: startMs, end: startMs + duration / 3, progress: rng.int(20, 70), completed, failed: 0 };
      }
      default:
        return { start: null, end: null, progress: 0, completed: 0, failed: 0 };
    }
  };
  /** Status of one unit (endpoint) of a scan, consistent with the scan's counters. */
  const unitStatus = (scan: ScanStatus, index: number, t: { completed: number; failed: number }): ScanStatus => {
    if (index < t.completed) return "COMPLETED";
    if (index < t.completed + t.failed) return "FAILED";
    if (scan === "RUNNING") return index === t.completed + t.failed ? "RUNNING" : "QUEUED";
    if (scan === "COMPLETED") return "COMPLETED";
    return scan;
  };
  /** Latest-scan statuses are cycled per area so every state is present. */
  const cycle = <T>(items: readonly T[], i: number): T => items[i % items.length] as T;
  const olderStatus = (): ScanStatus => (rng.chance(0.85) ? "COMPLETED" : rng.pick<ScanStatus>(["FAILED", "ABORTED"]));

  // ---------------------------------------------------------------- network
  const SCHEDULES: ReadonlyArray<[ScheduleType, ScanFrequency | null]> = [
    ["ONE_TIME_SCAN", null],
    ["SPECIFIED_SCHEDULLE", null],
    ["AUTOMATIC_SCHEDULLE", "WEEKLY"],
    ["AUTOMATIC_SCHEDULLE", "MONTHLY"],
    ["AUTOMATIC_SCHEDULLE", "QUARTERLY"],
  ];
  const TARGET_TYPES: readonly NetworkTargetType[] = ["IP_SINGLE", "IP_MULTIPLE", "IP_RANGE"];
  let networkIndex = 0;
  for (const company of db.companies) {
    const large = company.id === DEMO_COMPANY_ID;
    const nextProduct = productPicker(company.id);
    const configs = large ? 36 : rng.int(5, 7);
    for (let c = 0; c < configs; c++) {
      const product = nextProduct();
      const [schedule, frequency] = cycle(SCHEDULES, large && c === 1 ? 2 : c);
      const targetType = large && c === 0 ? "IP_RANGE" : large && c === 1 ? "IP_SINGLE" : cycle(TARGET_TYPES, c + 1);
      const created = rng.int(60, 340);
      const assets: Array<{ asset: DbNetworkAsset; endpoints: DbNetworkEndpoint[] }> = [];
      const addAsset = (kind: "IP_ADDRESS" | "IP_RANGE", hosts: string[]) => {
        const asset: DbNetworkAsset = {
          id: takeId(db, "networkAssets"),
          product_id: product.id,
          target: kind === "IP_RANGE" ? `${hosts[0]}-${hosts[hosts.length - 1]}` : (hosts[0] ?? ""),
          kind,
          last_scanned: null,
          created_at: ago(created + rng.int(1, 20)),
        };
        db.networkAssets.push(asset);
        const endpoints = hosts.map((host) => ({ id: takeId(db, "networkEndpoints"), asset_id: asset.id, host }));
        db.networkEndpoints.push(...endpoints);
        assets.push({ asset, endpoints });
      };
      if (targetType === "IP_SINGLE") addAsset("IP_ADDRESS", ips.take(1));
      else if (targetType === "IP_MULTIPLE")
        for (let k = rng.int(2, 4); k > 0; k--) addAsset("IP_ADDRESS", ips.take(1));
      else addAsset("IP_RANGE", ips.take(large && c === 0 ? 36 : rng.int(3, 6)));

      const config = {
        id: takeId(db, "networkConfigs"),
        company_id: company.id,
        product_id: product.id,
        schedulle_type: schedule,
        frequency_type: frequency,
        target_type: targetType,
        targets: assets.flatMap(({ asset, endpoints }) =>
          endpoints.map((e) => ({
            id: takeId(db, "networkTargets"),
            target_type: asset.kind,
            asset_id: asset.id,
            endpoint_id: e.id,
            created_at: ago(created),
            updated_at: ago(created),
          })),
        ),
        created_at: ago(created),
        updated_at: ago(rng.int(0, created)),
      } satisfies Db["networkConfigs"][number];
      db.networkConfigs.push(config);

      const scanCount = large && c === 1 ? 34 : schedule === "ONE_TIME_SCAN" ? 1 : rng.int(2, 4);
      const latest = large && c === 0 ? "COMPLETED" : cycle(SCAN_STATUSES, networkIndex++);
      const gapDays = frequency === "MONTHLY" ? 30 : frequency === "QUARTERLY" ? 90 : 7;
      for (let s = scanCount - 1; s >= 0; s--) {
        const status: ScanStatus = s === 0 ? latest : olderStatus();
        const scheduled =
          status === "PENDING"
            ? SEED_NOW + rng.int(1, 6) * DAY
            : SEED_NOW - (s * gapDays + rng.int(0, 2)) * DAY - rng.int(30, 600) * MINUTE;
        const t = timing(status, scheduled, config.targets.length);
        const scannedBy = schedule === "AUTOMATIC_SCHEDULLE" && s > 0 ? null : actorFor(company.id).id;
        const scan = {
          id: takeId(db, "networkScans"),
          config_id: config.id,
          status,
          scan_time: { id: takeId(db, "scanTimes"), schedulle: iso(scheduled) },
          schedulle_type: schedule,
          start_time: t.start === null ? null : at(t.start),
          end_time: t.end === null ? null : at(t.end),
          scanned_by: scannedBy,
          progress: t.progress,
          completed_count: t.completed,
          failed_count: t.failed,
          created_at: at(Math.min(scheduled, SEED_NOW) - HOUR),
        };
        db.networkScans.push(scan);
        config.targets.forEach((target, index) => {
          const endpointStatus = unitStatus(status, index, t);
          const se = {
            id: takeId(db, "scanEndpoints"),
            scan_id: scan.id,
            endpoint_id: target.endpoint_id,
            status: endpointStatus,
            services: services(rng.int(1, 5)),
            created_at: scan.created_at,
            updated_at: scan.end_time ?? scan.created_at,
          };
          db.scanEndpoints.push(se);
          if (endpointStatus !== "COMPLETED") return;
          const endpoint = db.networkEndpoints.find((e) => e.id === target.endpoint_id);
          const cover = large && c === 0 && s === 0 && index === 0;
          const count = cover ? 42 : config.targets.length > 10 ? rng.int(0, 3) : rng.int(1, 7);
          const found = addFindings(
            "network",
            se.id,
            company.id,
            count,
            t.end ?? scheduled,
            { host: { id: se.id, host: endpoint?.host ?? "" }, asset_id: target.asset_id, branch: null },
            cover,
          );
          servicesCover(se.services, found);
        });
        if (t.end !== null) {
          for (const { asset } of assets) {
            if (!asset.last_scanned || asset.last_scanned < iso(t.end)) asset.last_scanned = at(t.end);
          }
        }
      }
    }
    // A few assets never put in a configuration (last_scanned null).
    const spare = large ? 3 : 1;
    for (let k = 0; k < spare; k++) {
      const product = nextProduct();
      const host = ips.take(1)[0] ?? "192.0.2.1";
      const asset: DbNetworkAsset = {
        id: takeId(db, "networkAssets"),
        product_id: product.id,
        target: host,
        kind: "IP_ADDRESS",
        last_scanned: null,
        created_at: ago(rng.int(1, 25)),
      };
      db.networkAssets.push(asset);
      db.networkEndpoints.push({ id: takeId(db, "networkEndpoints"), asset_id: asset.id, host });
    }
  }

  // ---------------------------------------------------------------- source code
  const REPO_STATES: readonly RepositoryScanStatus[] = ["DONE", "QUEUED", "SCANNING", "FAILED"];
  let sourceIndex = 0;
  for (const company of db.companies) {
    const large = company.id === DEMO_COMPANY_ID;
    const nextProduct = productPicker(company.id);
    const assetCount = large ? 38 : rng.int(6, 8);
    const appCount = large ? 34 : assetCount - 1;
    const org = slug(company.name).split("-")[0] ?? "org";
    const used = new Set<string>();
    for (let a = 0; a < assetCount; a++) {
      let name: string = rng.pick(REPO_NAMES);
      for (let n = 2; used.has(name); n++) name = `${rng.pick(REPO_NAMES)}-${n}`;
      used.add(name);
      const registered = a < appCount;
      const created = rng.int(40, 400);
      const asset = {
        id: takeId(db, "sourceAssets"),
        product_id: nextProduct().id,
        git_provider:
          registered || a % 2 === 0 ? ("GITHUB" as const) : rng.pick(["GITLAB", "BITBUCKET", "AZURE_DEVOPS"] as const),
        repository_name: name,
        username: org,
        branches: ["main", ...rng.sample(BRANCHES.slice(1), rng.int(0, 3))],
        created_at: ago(created),
      };
      db.sourceAssets.push(asset);
      if (!registered) continue;
      const app = { id: takeId(db, "sourceApps"), asset_id: asset.id, created_at: ago(created - 1) };
      db.sourceApps.push(app);
      const scanCount = large && a === 0 ? 33 : rng.int(1, 4);
      const latest: RepositoryScanStatus = large && a === 0 ? "DONE" : cycle(REPO_STATES, sourceIndex++);
      for (let s = scanCount - 1; s >= 0; s--) {
        const status: RepositoryScanStatus = s === 0 ? latest : rng.chance(0.85) ? "DONE" : "FAILED";
        const createdMs = SEED_NOW - (s * 6 + rng.int(0, 3)) * DAY - rng.int(10, 500) * MINUTE;
        const branch = s === 0 ? "main" : rng.pick(asset.branches);
        const scan = { id: takeId(db, "sourceScans"), app_id: app.id, branch, status, created_at: at(createdMs) };
        db.sourceScans.push(scan);
        if (status !== "DONE") continue;
        const cover = large && a === 0 && s === 0;
        addFindings(
          "sourcecode",
          scan.id,
          company.id,
          cover ? 40 : rng.int(2, 8),
          createdMs + 40 * MINUTE,
          { host: null, asset_id: asset.id, branch },
          cover,
        );
      }
    }
  }

  // ---------------------------------------------------------------- web applications
  let webIndex = 0;
  for (const company of db.companies) {
    const large = company.id === DEMO_COMPANY_ID;
    const nextProduct = productPicker(company.id);
    const assetCount = large ? 38 : rng.int(6, 8);
    const appCount = large ? 34 : assetCount - 1;
    const usedNames = new Set<string>();
    const usedHosts = new Set<string>();
    for (let a = 0; a < assetCount; a++) {
      let name: string = rng.pick(WEB_APP_NAMES);
      for (let n = 2; usedNames.has(name); n++) name = `${rng.pick(WEB_APP_NAMES)} ${n}`;
      usedNames.add(name);
      let host = slug(name);
      for (let n = 2; usedHosts.has(host); n++) host = `${slug(name)}-${n}`;
      usedHosts.add(host);
      const created = rng.int(40, 400);
      const asset = {
        id: takeId(db, "webAssets"),
        product_id: nextProduct().id,
        application_name: name,
        url: `https://${host}.${company.domain}/`,
        created_at: ago(created),
      };
      db.webAssets.push(asset);
      if (a >= appCount) continue;
      const app = { id: takeId(db, "webApps"), asset_id: asset.id, created_at: ago(created - 1) };
      db.webApps.push(app);
      const scanCount = large && a === 0 ? 32 : rng.int(1, 3);
      const latest: ScanStatus = large && a === 0 ? "COMPLETED" : cycle(SCAN_STATUSES, webIndex++);
      for (let s = scanCount - 1; s >= 0; s--) {
        const status = s === 0 ? latest : olderStatus();
        const createdMs =
          status === "PENDING"
            ? SEED_NOW - rng.int(1, 30) * MINUTE
            : SEED_NOW - (s * 9 + rng.int(0, 4)) * DAY - rng.int(10, 500) * MINUTE;
        const scan = { id: takeId(db, "webScans"), app_id: app.id, status, created_at: at(createdMs) };
        db.webScans.push(scan);
        if (status !== "COMPLETED" && status !== "RUNNING") continue;
        const cover = large && a === 0 && s === 0;
        addFindings(
          "web",
          scan.id,
          company.id,
          cover ? 38 : status === "RUNNING" ? rng.int(0, 2) : rng.int(2, 8),
          createdMs + 90 * MINUTE,
          { host: null, asset_id: asset.id, branch: null },
          cover,
        );
      }
    }
  }

  // ---------------------------------------------------------------- exposure detection
  let exposureIndex = 0;
  /** Hosts a real perimeter often has: forgotten test and legacy machines (the demo's first scan shows them). */
  const legacyHostNames = [
    "legacy-vpn.northwind.example",
    "test-jenkins.northwind.example",
    "old-mail.northwind.example",
    "dev-api.northwind.example",
  ];
  for (const company of db.companies) {
    const large = company.id === DEMO_COMPANY_ID;
    const nextProduct = productPicker(company.id);
    const assetCount = large ? 36 : rng.int(5, 7);
    const configCount = large ? 34 : assetCount - 1;
    const base = company.domain.split(".")[0] ?? "company";
    const tld = company.domain.slice(base.length + 1);
    const usedDomains = new Set<string>();
    for (let a = 0; a < assetCount; a++) {
      let domain = company.domain;
      if (a > 0) {
        let word: string = rng.pick([...SUBDOMAIN_WORDS, ...PRODUCT_PREFIXES.map((p) => p.toLowerCase())]);
        for (let n = 2; usedDomains.has(`${base}-${word}.${tld}`); n++) word = `${rng.pick(SUBDOMAIN_WORDS)}${n}`;
        domain = `${base}-${word}.${tld}`;
      }
      usedDomains.add(domain);
      const created = rng.int(40, 420);
      const asset: DbExposureAsset = {
        id: takeId(db, "exposureAssets"),
        product_id: nextProduct().id,
        name: domain,
        target: { id: takeId(db, "exposureTargets"), name: domain },
        created_at: ago(created),
      };
      db.exposureAssets.push(asset);
      if (a >= configCount) continue;
      const config = {
        id: takeId(db, "exposureConfigs"),
        company_id: company.id,
        asset_id: asset.id,
        scheduled_scan: rng.chance(0.6) ? iso(SEED_NOW + rng.int(1, 20) * DAY) : null,
        created_at: ago(created - 1),
        updated_at: ago(rng.int(0, created - 1)),
      };
      db.exposureConfigs.push(config);
      // The first few configurations of each company always end in a completed scan: threat inspection uses their hosts.
      const scanCount = large && a === 0 ? 2 : rng.int(1, 3);
      const latest: ScanStatus = a < 4 ? "COMPLETED" : cycle(SCAN_STATUSES, exposureIndex++);
      let known: DbExposureHost[] = [];
      for (let s = scanCount - 1; s >= 0; s--) {
        const status = s === 0 ? latest : "COMPLETED";
        const startMs = SEED_NOW - (s * 14 + rng.int(1, 5)) * DAY - rng.int(10, 500) * MINUTE;
        const t = timing(status, startMs, 1);
        const scan = {
          id: takeId(db, "exposureScans"),
          config_id: config.id,
          status,
          start_scan: t.start === null ? null : at(t.start),
          end_scan: t.end === null ? null : at(t.end),
          scanned_by: rng.chance(0.5) ? null : actorFor(company.id).id,
        };
        db.exposureScans.push(scan);
        if (status === "PENDING" || status === "QUEUED") continue;
        const cover = large && a === 0 && s === 0;
        const subCount = cover ? 39 : rng.int(3, 10);
        const domainRows: DbExposureDomain[] = [
          { id: takeId(db, "exposureDomains"), scan_id: scan.id, name: domain, domain_type: "DOMAIN" },
        ];
        const subs = new Set<string>();
        while (subs.size < subCount) {
          const word = rng.pick(SUBDOMAIN_WORDS);
          subs.add(subs.size >= SUBDOMAIN_WORDS.length ? `${word}${subs.size}` : word);
        }
        for (const sub of subs) {
          domainRows.push({
            id: takeId(db, "exposureDomains"),
            scan_id: scan.id,
            name: `${sub}.${domain}`,
            domain_type: "SUBDOMAIN",
          });
        }
        db.exposureDomains.push(...domainRows);
        const hostCount = cover ? 36 : status === "RUNNING" ? rng.int(1, 3) : rng.int(3, 8);
        const hosts: DbExposureHost[] = [];
        for (let h = 0; h < hostCount; h++) {
          const previous = known[h];
          const where = rng.pick(COUNTRIES);
          const useName = rng.chance(0.35);
          const sub = domainRows[1 + (h % Math.max(1, domainRows.length - 1))] ?? domainRows[0];
          const name =
            cover && h >= 30 && h - 30 < legacyHostNames.length
              ? (legacyHostNames[h - 30] ?? "")
              : (previous?.name ?? (useName && sub ? sub.name : (ips.take(1)[0] ?? "")));
          hosts.push({
            id: takeId(db, "exposureHosts"),
            scan_id: scan.id,
            name,
            is_new: previous === undefined || rng.chance(0.1),
            country: rng.chance(0.05) ? null : where.country,
            country_code: where.country_code,
            services: services(rng.int(1, 4)),
            domain_ids: rng.sample(domainRows, rng.int(1, 3)).map((d) => d.id),
          });
        }
        db.exposureHosts.push(...hosts);
        known = hosts;
      }
    }
  }

  // ---------------------------------------------------------------- threat inspection
  const latestCompletedExposureScan = (configId: number) =>
    db.exposureScans
      .filter((s) => s.config_id === configId && s.status === "COMPLETED")
      .sort((a, b) => (b.start_scan ?? "").localeCompare(a.start_scan ?? ""))[0];
  const payments: DbPayment[] = db.payments;
  const invoice = () => `INV-${rng.code(8)}`;
  const spendingPayment = (
    companyId: number,
    userId: number,
    credits: number,
    createdMs: number,
    code: string,
  ): DbPayment => {
    const created = at(createdMs);
    return {
      id: takeId(db, "payments"),
      company_id: companyId,
      kind: "SPENDING",
      items: [
        { id: takeId(db, "paymentItems"), amount: credits, transaction_type: "THREATINSPECTION", created_at: created },
      ],
      invoice_code: code,
      total_credit_amount: credits,
      total_paid_amount: credits * CREDIT_PRICE,
      status: "PAID",
      payment_method: "BANK_TRANSFER",
      payment_method_bank_name: null,
      payment_method_bank_account_name: null,
      payment_method_bank_account_number: null,
      metadata: [{ amount: credits, credit_price: CREDIT_PRICE, transaction_type: "THREATINSPECTION" }],
      expired_at: iso(createdMs + HOUR),
      user: userId,
      is_deleted: false,
      deleted_at: null,
      restored_at: null,
      created_at: created,
      updated_at: created,
    };
  };
  const pendingTransactions: Array<Omit<DbCreditTransaction, "id">> = [];

  let threatIndex = 0;
  for (const company of db.companies) {
    const large = company.id === DEMO_COMPANY_ID;
    const exposureConfigs = db.exposureConfigs.filter((c) => c.company_id === company.id);
    const withHosts = exposureConfigs.filter((c) => latestCompletedExposureScan(c.id));
    const paidCount = large ? 34 : Math.min(withHosts.length, rng.int(3, 5));
    const unpaidCount = large ? 3 : 1;
    for (let i = 0; i < paidCount + unpaidCount; i++) {
      const paid = i < paidCount;
      const exposureConfig = withHosts[i % withHosts.length];
      if (!exposureConfig) break;
      const exposureAsset = db.exposureAssets.find((a) => a.id === exposureConfig.asset_id);
      const exposureScan = latestCompletedExposureScan(exposureConfig.id);
      if (!exposureAsset || !exposureScan) continue;
      const hosts = db.exposureHosts.filter((h) => h.scan_id === exposureScan.id);
      const first = large && i === 0;
      const unpaidStage = paid ? -1 : i - paidCount;
      const selected = first
        ? hosts.slice(0, 34)
        : unpaidStage === 0
          ? []
          : rng.sample(hosts, rng.int(2, Math.min(5, hosts.length)));
      const frequency: ScanFrequency | null = paid ? cycle(FREQUENCIES, i) : unpaidStage === 2 ? "MONTHLY" : null;
      const createdMs = paid ? SEED_NOW - rng.int(20, 300) * DAY : SEED_NOW - rng.int(1, 6) * DAY;
      const buyer = rng.pick(adminsOf(company.id));
      const grandTotal = selected.length * CREDITS_PER_ENDPOINT;
      const code = invoice();
      const config: DbThreatConfig = {
        id: takeId(db, "threatConfigs"),
        company_id: company.id,
        name: first ? "Perimeter watch" : `${exposureAsset.name} ${paid ? "inspection" : "draft"}`,
        exposure_target_id: exposureAsset.target.id,
        selected_host_ids: selected.map((h) => h.id),
        scan_frequency: frequency,
        estimate:
          paid || unpaidStage === 2
            ? {
                invoice_number: code,
                date: at(createdMs),
                scan_frequency: frequency ?? "MONTHLY",
                scan_time: at(createdMs + HOUR),
                host_ids: selected.map((h) => h.id),
                grand_total: grandTotal,
              }
            : null,
        paid_invoice: paid ? code : null,
        payment_id: null,
        created_at: at(createdMs),
        updated_at: at(createdMs + 10 * MINUTE),
      };
      db.threatConfigs.push(config);
      if (!paid) continue;
      const payment = spendingPayment(company.id, buyer.id, grandTotal, createdMs + 10 * MINUTE, code);
      payments.push(payment);
      config.payment_id = payment.id;
      pendingTransactions.push({
        company_id: company.id,
        amount: -grandTotal,
        transaction_type: "THREATINSPECTION",
        operator: fullName(buyer),
        created_at: payment.created_at,
        transaction_action: "SPENDING",
      });

      const gap = frequency === "WEEKLY" ? 7 : frequency === "MONTHLY" ? 30 : 90;
      const scanCount = Math.max(1, Math.min(3, Math.floor((SEED_NOW - createdMs) / (gap * DAY)) + 1));
      const latest: ScanStatus = first ? "COMPLETED" : cycle(SCAN_STATUSES, threatIndex++);
      for (let s = scanCount - 1; s >= 0; s--) {
        const status = s === 0 ? latest : "COMPLETED";
        const startMs = Math.max(
          createdMs + HOUR,
          SEED_NOW - (s * gap + rng.int(0, 3)) * DAY - rng.int(30, 400) * MINUTE,
        );
        const t = timing(status, startMs, selected.length);
        const scan = {
          id: takeId(db, "threatScans"),
          config_id: config.id,
          status,
          start_scan: t.start === null ? null : at(t.start),
          end_scan: t.end === null ? null : at(t.end),
          progress: t.progress,
          scanned_by: rng.chance(0.5) ? null : buyer.id,
          completed_count: t.completed,
          failed_count: t.failed,
        };
        db.threatScans.push(scan);
        if (status === "PENDING" || status === "QUEUED") continue;
        selected.forEach((host, index) => {
          const endpointStatus = unitStatus(status, index, t);
          const endpoint = {
            id: takeId(db, "threatEndpoints"),
            scan_id: scan.id,
            host_id: host.id,
            status: endpointStatus,
            created_at: scan.start_scan ?? at(startMs),
            updated_at: scan.end_scan ?? scan.start_scan ?? at(startMs),
          };
          db.threatEndpoints.push(endpoint);
          if (endpointStatus !== "COMPLETED") return;
          const cover = first && s === 0 && index === 0;
          const found = addFindings(
            "threat",
            endpoint.id,
            company.id,
            cover ? 12 : rng.int(0, 4),
            t.end ?? startMs,
            { host: { id: endpoint.id, host: host.name }, asset_id: null, branch: null },
            cover,
          );
          servicesCover(host.services, found);
        });
      }
    }
  }

  // Threat inspection assets: the hosts of each company's first threat inspection configuration, plus a few unassigned.
  for (const company of db.companies) {
    const large = company.id === DEMO_COMPANY_ID;
    const config = db.threatConfigs.find((c) => c.company_id === company.id && c.paid_invoice);
    const exposureAsset = db.exposureAssets.find((a) => a.target.id === config?.exposure_target_id);
    if (!config || !exposureAsset) continue;
    const exposureConfig = db.exposureConfigs.find((c) => c.asset_id === exposureAsset.id);
    const scan = exposureConfig ? latestCompletedExposureScan(exposureConfig.id) : undefined;
    const hosts = scan ? db.exposureHosts.filter((h) => h.scan_id === scan.id) : [];
    const lastScan = db.threatScans
      .filter((s) => s.config_id === config.id && s.end_scan)
      .sort((a, b) => (b.end_scan ?? "").localeCompare(a.end_scan ?? ""))[0];
    hosts.slice(0, large ? 36 : 6).forEach((host) => {
      const assigned = config.selected_host_ids.includes(host.id);
      const created = rng.int(30, 200);
      db.threatAssets.push({
        id: takeId(db, "threatAssets"),
        product_id: exposureAsset.product_id,
        name: host.name,
        host_id: host.id,
        config_id: assigned ? config.id : null,
        last_scanned: assigned ? (lastScan?.end_scan ?? null) : null,
        created_at: ago(created),
        updated_at: ago(rng.int(0, created)),
      });
    });
  }

  // ---------------------------------------------------------------- tickets
  const ticketStatus = (ageDays: number): TicketStatus =>
    ageDays < 3
      ? "UNREAD"
      : ageDays < 20
        ? rng.pick<TicketStatus>(["UNREAD", "PROCESSING"])
        : rng.chance(0.75)
          ? "CLOSED"
          : "PROCESSING";
  const file = (ticketId: string, name: string) => ({
    id: takeId(db, "attachments"),
    file: `https://files.example.com/tickets/${ticketId}/${name}`,
  });
  for (const company of db.companies) {
    const large = company.id === DEMO_COMPANY_ID;
    const members = membersOf(company.id).filter((u) => u.role !== "ANALYST");
    const count = large ? 40 : rng.int(3, 6);
    for (let i = 0; i < count; i++) {
      const category = cycle(TICKET_CATEGORIES, i + company.id);
      const topup = category === "PAYMENT" && i % 2 === 0;
      const ageDays = i === 0 ? 0 : rng.int(0, 360);
      const createdMs = SEED_NOW - ageDays * DAY - rng.int(5, 600) * MINUTE;
      const status: TicketStatus = i === 0 ? "PROCESSING" : ticketStatus(ageDays);
      const id = takeId(db, "tickets");
      const ticketId = `TCK-${new Date(createdMs).getUTCFullYear()}-${String(id).padStart(4, "0")}`;
      const requestor =
        large && i < 3
          ? (db.users.find((u) => u.email === "admin@example.com") ?? rng.pick(members))
          : rng.pick(members);
      const staffMember = rng.pick(analysts);
      const subject = topup ? "Top-up credit request" : rng.pick(TICKET_SUBJECTS[category] ?? ["Question"]);
      const amount = topup ? rng.pick([500, 1000, 1500, 2500, 5000]) : null;
      const messages: Db["tickets"][number]["messages"] = [];
      let t = createdMs;
      const say = (side: "client" | "staff", message: string, attach = false) => {
        t = Math.min(SEED_NOW - MINUTE, t + rng.int(10, 600) * MINUTE);
        messages.push({
          id: takeId(db, "ticketMessages"),
          message,
          sender_id: side === "client" ? requestor.id : staffMember.id,
          sender_type: side,
          created_at: at(t),
          attachments: attach ? [file(ticketId, `attachment-${messages.length + 1}.png`)] : [],
        });
      };
      if (large && i === 0) {
        // The long thread: every client message in the list, then the first staff answer with a file.
        for (const m of TICKET_MESSAGES.client) say("client", m);
        say("staff", TICKET_MESSAGES.staff[0], true);
      } else {
        say("client", rng.pick(TICKET_MESSAGES.client.slice(0, 5)), rng.chance(0.3));
        if (status !== "UNREAD") {
          const turns = rng.int(0, 4);
          for (let k = 0; k < turns; k++) {
            say(
              k % 2 === 0 ? "staff" : "client",
              rng.pick(k % 2 === 0 ? TICKET_MESSAGES.staff : TICKET_MESSAGES.client.slice(0, 5)),
              rng.chance(0.2),
            );
          }
          if (status === "CLOSED") say("staff", TICKET_MESSAGES.staff[4]);
        }
      }
      db.tickets.push({
        id,
        ticket_id: ticketId,
        requestor_id: requestor.id,
        company_id: company.id,
        name: large && i === 5 ? "Quarterly report export for the audit committee" : subject,
        status,
        category,
        description: topup
          ? `Please add ${amount} credits to our balance.`
          : large && i === 0
            ? "Our exported report shows odd characters instead of the finding names."
            : "Details are in the first message.",
        closed_at: status === "CLOSED" ? at(t + HOUR) : null,
        attachments: rng.chance(0.4)
          ? [file(ticketId, "screenshot.png"), file(ticketId, "report.pdf")].slice(0, rng.int(1, 2))
          : [],
        messages,
        created_at: at(createdMs),
        topup_amount: amount,
        invoice_code: topup ? invoice() : null,
        topup_price: amount === null ? null : amount * CREDIT_PRICE,
        first_response_due: at(createdMs + HOUR),
        rating: status === "CLOSED" ? rng.int(3, 5) : null,
      });
    }
  }

  // ---------------------------------------------------------------- credits and payments
  // Spending follows the scans: every started scan costs credits, failed ones are refunded.
  const spend = (
    companyId: number,
    type: CreditType,
    credits: number,
    whenIso: string | null,
    userId: number | null,
  ) => {
    if (!whenIso || credits <= 0) return;
    const user = userId === null ? null : db.users.find((u) => u.id === userId);
    pendingTransactions.push({
      company_id: companyId,
      amount: -credits,
      transaction_type: type,
      operator: user ? fullName(user) : "System",
      created_at: whenIso,
      transaction_action: "SPENDING",
    });
  };
  const refund = (companyId: number, type: CreditType, credits: number, whenIso: string | null) => {
    if (!whenIso) return;
    pendingTransactions.push({
      company_id: companyId,
      amount: credits,
      transaction_type: type,
      operator: "System",
      created_at: whenIso,
      transaction_action: "REFUND",
    });
  };
  const windowStart = SEED_NOW - 365 * DAY;
  const inWindow = (when: string | null) => when !== null && Date.parse(when) >= windowStart;
  for (const scan of db.networkScans) {
    const config = db.networkConfigs.find((c) => c.id === scan.config_id);
    if (!config || !scan.start_time || !inWindow(scan.start_time)) continue;
    const credits = config.targets.length * CREDITS_PER_ENDPOINT;
    spend(config.company_id, "NETWORKVA", credits, scan.start_time, scan.scanned_by);
    if (scan.status === "FAILED") refund(config.company_id, "NETWORKVA", credits, scan.end_time);
  }
  for (const scan of db.webScans) {
    const app = db.webApps.find((a) => a.id === scan.app_id);
    const asset = db.webAssets.find((a) => a.id === app?.asset_id);
    const product = db.products.find((p) => p.id === asset?.product_id);
    if (!product || scan.status === "PENDING" || scan.status === "QUEUED" || !inWindow(scan.created_at)) continue;
    spend(product.company_id, "APPLICATIONVA", 50, scan.created_at, null);
    if (scan.status === "FAILED")
      refund(product.company_id, "APPLICATIONVA", 50, at(Date.parse(scan.created_at) + 2 * HOUR));
  }
  for (const scan of db.sourceScans) {
    const app = db.sourceApps.find((a) => a.id === scan.app_id);
    const asset = db.sourceAssets.find((a) => a.id === app?.asset_id);
    const product = db.products.find((p) => p.id === asset?.product_id);
    if (!product || scan.status === "QUEUED" || !inWindow(scan.created_at)) continue;
    spend(product.company_id, "SOURCECODE", 30, scan.created_at, null);
    if (scan.status === "FAILED") refund(product.company_id, "SOURCECODE", 30, at(Date.parse(scan.created_at) + HOUR));
  }
  for (const scan of db.exposureScans) {
    const config = db.exposureConfigs.find((c) => c.id === scan.config_id);
    if (!config || !scan.start_scan || !inWindow(scan.start_scan)) continue;
    spend(config.company_id, "EXPOSUREDETECTION", 20, scan.start_scan, scan.scanned_by);
  }

  // The rows above are the scans still listed; recurring scans ran before them all year, on the
  // same cadence, so spending is steady from month to month. Their own generator keeps the rest of
  // the seed unchanged.
  const history = createRng(SEED + 1);
  const recurring = (
    companyId: number,
    type: CreditType,
    credits: number,
    firstListed: string | undefined,
    since: string,
    everyDays: number,
  ) => {
    if (!firstListed) return;
    for (let k = 1; ; k++) {
      const when = Date.parse(firstListed) - k * everyDays * DAY - history.int(0, 2) * DAY;
      if (when < windowStart || when < Date.parse(since)) return;
      spend(companyId, type, credits, at(when), null);
    }
  };
  const earliest = (dates: Array<string | null>) => dates.filter((d): d is string => d !== null).sort()[0];
  for (const config of db.networkConfigs) {
    if (config.schedulle_type !== "AUTOMATIC_SCHEDULLE") continue;
    const scans = db.networkScans.filter((s) => s.config_id === config.id);
    const every = config.frequency_type === "MONTHLY" ? 30 : config.frequency_type === "QUARTERLY" ? 90 : 7;
    const credits = config.targets.length * CREDITS_PER_ENDPOINT;
    recurring(
      config.company_id,
      "NETWORKVA",
      credits,
      earliest(scans.map((s) => s.start_time)),
      config.created_at,
      every,
    );
  }
  for (const app of db.webApps) {
    const asset = db.webAssets.find((a) => a.id === app.asset_id);
    const product = db.products.find((p) => p.id === asset?.product_id);
    const scans = db.webScans.filter((s) => s.app_id === app.id);
    if (product)
      recurring(product.company_id, "APPLICATIONVA", 50, earliest(scans.map((s) => s.created_at)), app.created_at, 30);
  }
  for (const app of db.sourceApps) {
    const asset = db.sourceAssets.find((a) => a.id === app.asset_id);
    const product = db.products.find((p) => p.id === asset?.product_id);
    const scans = db.sourceScans.filter((s) => s.app_id === app.id);
    if (product)
      recurring(product.company_id, "SOURCECODE", 30, earliest(scans.map((s) => s.created_at)), app.created_at, 30);
  }
  for (const config of db.exposureConfigs) {
    const scans = db.exposureScans.filter((s) => s.config_id === config.id);
    recurring(
      config.company_id,
      "EXPOSUREDETECTION",
      20,
      earliest(scans.map((s) => s.start_scan)),
      config.created_at,
      30,
    );
  }

  // Top-ups cover the year's spending plus a closing balance, bought through PAID payments.
  const METHODS: readonly PaymentMethod[] = ["BANK_TRANSFER", "CREDIT_CARD"];
  const topupPayment = (
    companyId: number,
    userId: number,
    status: PaymentStatus,
    createdMs: number,
    lines: Array<{ type: CreditType; amount: number }>,
  ): DbPayment => {
    const method = rng.pick(METHODS);
    const company = db.companies.find((c) => c.id === companyId);
    const created = at(createdMs);
    const credits = lines.reduce((sum, l) => sum + l.amount, 0);
    const price = credits * CREDIT_PRICE;
    const paidAmount =
      status === "PAID" || status === "REFUNDED" ? price : status === "PARTIALLY_PAID" ? Math.round(price / 2) : 0;
    return {
      id: takeId(db, "payments"),
      company_id: companyId,
      kind: "TOPUP",
      items: lines.map((l) => ({
        id: takeId(db, "paymentItems"),
        amount: l.amount,
        transaction_type: l.type,
        created_at: created,
      })),
      invoice_code: invoice(),
      total_credit_amount: credits,
      total_paid_amount: paidAmount,
      status,
      payment_method: method,
      payment_method_bank_name: method === "BANK_TRANSFER" ? "Example National Bank" : null,
      payment_method_bank_account_name: method === "BANK_TRANSFER" ? (company?.name ?? null) : null,
      payment_method_bank_account_number:
        method === "BANK_TRANSFER" ? `0042-${String(1000 + companyId * 37).padStart(6, "0")}` : null,
      metadata: lines.map((l) => ({ amount: l.amount, credit_price: CREDIT_PRICE, transaction_type: l.type })),
      expired_at: iso(createdMs + HOUR),
      user: userId,
      is_deleted: false,
      deleted_at: null,
      restored_at: null,
      created_at: created,
      updated_at: at(createdMs + (status === "UNPAID" ? 0 : rng.int(5, 50) * MINUTE)),
    };
  };
  const OTHER_STATUSES: readonly PaymentStatus[] = [
    "UNPAID",
    "RECEIPT_SUBMITTED",
    "PARTIALLY_PAID",
    "CANCELLED",
    "REFUNDED",
  ];
  for (const company of db.companies) {
    const large = company.id === DEMO_COMPANY_ID;
    const buyer = adminsOf(company.id)[0] ?? rng.pick(membersOf(company.id));
    const spent = new Map<CreditType, number>();
    for (const tx of pendingTransactions) {
      if (tx.company_id !== company.id) continue;
      spent.set(tx.transaction_type, (spent.get(tx.transaction_type) ?? 0) - tx.amount);
    }
    const types: CreditType[] = ["NETWORKVA", "APPLICATIONVA", "SOURCECODE", "THREATINSPECTION", "EXPOSUREDETECTION"];
    // Top-ups per type: one opening purchase 12 months ago, then smaller ones spread over the year.
    const rounds = large ? 6 : 3;
    for (let r = 0; r < rounds; r++) {
      const createdMs =
        windowStart + (r === 0 ? 2 * DAY : Math.floor(((r * 330) / rounds) * DAY)) + rng.int(60, 600) * MINUTE;
      const lines = types.map((type) => {
        const need = Math.max(0, spent.get(type) ?? 0);
        const closing = type === "EXPOSUREDETECTION" ? 200 : large ? 1500 : 500;
        const total = Math.ceil((need + closing) / 100) * 100;
        const share =
          r === 0 ? Math.ceil((total * 0.6) / 100) * 100 : Math.ceil((total * 0.4) / (rounds - 1) / 100) * 100;
        return { type, amount: Math.max(100, share) };
      });
      const payment = topupPayment(company.id, buyer.id, "PAID", createdMs, lines);
      payments.push(payment);
      for (const line of lines) {
        pendingTransactions.push({
          company_id: company.id,
          amount: line.amount,
          transaction_type: line.type,
          operator: fullName(buyer),
          created_at: at(createdMs + 20 * MINUTE),
          transaction_action: "TOPUP",
        });
      }
    }
    // Payments in every other state (they add no credits).
    const others = large ? 10 : 2;
    for (let k = 0; k < others; k++) {
      const status = large ? cycle(OTHER_STATUSES, k) : k === 0 ? "UNPAID" : rng.pick(OTHER_STATUSES);
      const createdMs = status === "UNPAID" ? SEED_NOW - rng.int(5, 30) * MINUTE : SEED_NOW - rng.int(2, 300) * DAY;
      const payment = topupPayment(company.id, buyer.id, status, createdMs, [
        { type: rng.pick(types), amount: rng.pick([500, 1000, 2000]) },
      ]);
      if (status === "CANCELLED" && k % 2 === 1) {
        payment.is_deleted = true;
        payment.deleted_at = at(createdMs + 3 * HOUR);
      }
      if (status === "CANCELLED" && k % 2 === 0) {
        payment.deleted_at = at(createdMs + 2 * HOUR);
        payment.restored_at = at(createdMs + 26 * HOUR);
      }
      payments.push(payment);
    }
  }
  pendingTransactions.sort((a, b) => a.created_at.localeCompare(b.created_at));
  for (const tx of pendingTransactions) db.creditTransactions.push({ id: takeId(db, "creditTransactions"), ...tx });
  payments.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);

  failedExposureRunsAreHistory(db);
  return db;
}

/**
 * An exposure target's status is its latest scan's progress (COMPLETED or ON_PROGRESS), so a latest
 * scan that failed or was aborted would read "Completed" with nothing to review, and threat inspection
 * would find no hosts to buy for. A failed run becomes history instead: the latest scan is the rescan
 * that completed, and the run before it carries the failure (a target scanned once just completed).
 * Only labels change, after every other section, so their draws and every name stay as they were.
 */
function failedExposureRunsAreHistory(db: Db) {
  for (const config of db.exposureConfigs) {
    const [latest, previous] = db.exposureScans.filter((s) => s.config_id === config.id).sort((a, b) => b.id - a.id);
    if (!latest || (latest.status !== "FAILED" && latest.status !== "ABORTED")) continue;
    if (previous?.status === "COMPLETED") previous.status = latest.status;
    latest.status = "COMPLETED";
  }
}
