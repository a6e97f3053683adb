/**
 * The demo accounts of static mode (no msw import, so the sign-in screen can list them cheaply).
 * Every password is `demo`; the authenticator code is 123456.
 */
export const demoAccounts: ReadonlyArray<{ email: string; password: string; role: string; note: string }> = [
  { email: "superadmin@example.com", password: "demo", role: "SUPER_ADMIN", note: "Super admin: every company" },
  { email: "analyst@example.com", password: "demo", role: "ANALYST", note: "Analyst: every company" },
  { email: "admin@example.com", password: "demo", role: "CLIENT_ADMIN", note: "Admin of Northwind Logistics" },
  { email: "member@example.com", password: "demo", role: "CLIENT", note: "Member of Northwind Logistics" },
  {
    email: "twofa@example.com",
    password: "demo",
    role: "CLIENT",
    note: "Two-factor authentication active: code 123456",
  },
  {
    email: "setup2fa@example.com",
    password: "demo",
    role: "CLIENT_ADMIN",
    note: "Two-factor authentication to set up (Bluebird Health): then code 123456",
  },
];
