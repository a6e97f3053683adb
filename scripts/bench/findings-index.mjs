// Benchmark, not a test: the findings index's time per page in static mode at 100,000 findings
// (the `large` dataset). Run with `pnpm bench:findings`.
import { performance } from "node:perf_hooks";
import { getDb, switchDataset } from "../../packages/api-client/src/mocks/db.ts";
import {
  isErrorReply,
  parseFindingQuery,
  selectFindings,
  toIndexItem,
} from "../../packages/api-client/src/mocks/findings/query.ts";
import { paginate } from "../../packages/api-client/src/mocks/paginate.ts";
import { LARGE_COMPANY_NAME } from "../../packages/api-client/src/mocks/seed/large.ts";

const RUNS = 7;
const print = (line) => process.stdout.write(`${line}\n`);

function time(fn) {
  const start = performance.now();
  const out = fn();
  return { ms: performance.now() - start, out };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

switchDataset("large");
const built = time(() => getDb());
const db = built.out;
const company = db.companies.find((c) => c.name === LARGE_COMPANY_NAME);
const staff = { user: db.users.find((u) => u.role === "SUPER_ADMIN"), session: {} };
const total = db.findings.filter((f) => f.company_id === company.id).length;
print(`large dataset built in ${built.ms.toFixed(0)} ms: ${db.findings.length} findings, ${total} in ${company.name}`);

/** One index request as the handler serves it: parse, select, page, serialise the page's rows. */
function page(query) {
  const params = new URLSearchParams(query);
  const parsed = parseFindingQuery(params);
  if (isErrorReply(parsed)) throw new Error(`bad query ${query}`);
  const rows = selectFindings(db, staff, parsed);
  const result = paginate(rows, {
    page: params.get("page"),
    pageSize: params.get("page_size"),
    baseLink: "https://bench.test/api/v1/findings/",
    maxPageSize: 500,
  });
  if (!result.ok) throw new Error(`invalid page ${query}`);
  return { count: rows.length, results: result.body.results.map((f) => toIndexItem(db, f)) };
}

const first = time(() => page(`company=${company.id}&page_size=500`));
print(`first request (derives scan history once): ${first.ms.toFixed(0)} ms, count ${first.out.count}`);

const cases = [
  ["first page (500 rows)", `company=${company.id}&page_size=500`],
  ["deep page (page 150 of 200)", `company=${company.id}&page_size=500&page=150`],
  [
    "filtered + ordered (HIGH/MEDIUM, ACTIVE, UNCHANGED, -cvss_score), page 2",
    `company=${company.id}&severity=HIGH&severity=MEDIUM&status=ACTIVE&change=UNCHANGED&ordering=-cvss_score&page_size=500&page=2`,
  ],
  ["ordered by -status (sorted per request), page 1", `company=${company.id}&ordering=-status&page_size=500`],
  ['search "ssl", ordered by host, page 1', `company=${company.id}&search=ssl&ordering=host&page_size=500`],
];
for (const [label, query] of cases) {
  page(query); // warm: a new ordering is sorted once, then reused
  const times = [];
  let count = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = time(() => page(query));
    times.push(r.ms);
    count = r.out.count;
  }
  print(`${label}: median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (count ${count})`);
}
