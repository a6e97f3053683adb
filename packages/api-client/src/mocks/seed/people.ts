import type { Db, DbCompany, DbUser } from "../db-types.ts";
import type { Role } from "../schema-types.ts";
import { DEMO_COMPANY_ID, type SeedContext, slug, takeId } from "./context.ts";
import { COMPANIES, FIRST_NAMES, LAST_NAMES, NAMED_PEOPLE } from "./names.ts";

type NewUser = Omit<DbUser, "id" | "username" | "created_at" | "updated_at"> & { created?: number };

/**
 * The staff (a super admin and three analysts), the client companies, and each company's people: the
 * demo accounts with fixed e-mail addresses, then random members in every role.
 */
export function addCompaniesAndPeople(ctx: SeedContext): void {
  const { rng, db, ago } = ctx;
  const usedEmails = new Set<string>();
  const addUser = (u: NewUser): DbUser => {
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

  addUser({
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
  });
  addUser({
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
  });
  person("ANALYST", null, "example.net", {
    first_name: "Maya",
    last_name: "Lestari",
    email: "maya.lestari@example.net",
  });
  person("ANALYST", null, "example.org", {
    first_name: "Jonas",
    last_name: "Larsen",
    email: "jonas.larsen@example.org",
  });

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
}

/** The staff analysts, in the order they were added; they act on every company's findings and tickets. */
export const staffAnalysts = (db: Db) => db.users.filter((u) => u.company_id === null && u.role === "ANALYST");
export const membersOf = (db: Db, companyId: number) => db.users.filter((u) => u.company_id === companyId);
export const adminsOf = (db: Db, companyId: number) =>
  membersOf(db, companyId).filter((u) => u.role === "CLIENT_ADMIN");
// The people who may act for each company, per data set: thousands of history entries draw from
// them, and filtering every user for each entry was a tenth of static mode's start-up.
const actorsCache = new WeakMap<Db, { userCount: number; byCompany: Map<number, DbUser[]> }>();
const actorsOf = (db: Db, companyId: number): DbUser[] => {
  let cache = actorsCache.get(db);
  if (!cache || cache.userCount !== db.users.length) {
    cache = { userCount: db.users.length, byCompany: new Map() };
    actorsCache.set(db, cache);
  }
  let actors = cache.byCompany.get(companyId);
  if (!actors) {
    actors = [...adminsOf(db, companyId), ...staffAnalysts(db)];
    cache.byCompany.set(companyId, actors);
  }
  return actors;
};
/** Who changed something for a company: one of its admins or a staff analyst. */
export const actorFor = ({ rng, db }: SeedContext, companyId: number) => rng.pick(actorsOf(db, companyId));
export const fullName = (u: DbUser) => `${u.first_name} ${u.last_name}`;
