import { ROLE_LABEL } from "@sentinel/api-client/mocks/labels";
import { sql } from "kysely";
import type { Tx } from "../../db/pool.ts";

export interface UserWire {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  role: "SUPER_ADMIN" | "ANALYST" | "CLIENT_ADMIN" | "CLIENT";
  role_display: string;
  is_superuser: boolean;
  last_login: string | null;
  two_fa: "SETUP" | "ACTIVE" | "INACTIVE";
  phone_number: string | null;
  company: string[];
  assigned_company: { id: number; name: string } | null;
  created_at: string;
  updated_at: string;
  is_active: boolean;
  invitation_pending: boolean;
}

/**
 * The contract's User, built in SQL so a list of users is one query. An invitation is pending while
 * an unused one exists (expired or not): setting a password through any link uses them all up.
 */
export const userSelect = sql`
  u.id, u.first_name, u.last_name, u.username, u.email, u.role, u.is_superuser, u.last_login, u.two_fa,
  u.phone_number, u.created_at, u.updated_at, u.is_active,
  exists (select 1 from one_time_tokens i
           where i.user_id = u.id and i.purpose = 'INVITATION' and i.used_at is null) as invitation_pending,
  c.id as company_id, c.name as company_name`;

interface UserRow extends Omit<UserWire, "role_display" | "company" | "assigned_company"> {
  company_id: number | null;
  company_name: string | null;
}

export function userWire(row: UserRow): UserWire {
  const { company_id, company_name, ...rest } = row;
  return {
    ...rest,
    role_display: ROLE_LABEL[row.role],
    company: company_name ? [company_name] : [],
    assigned_company: company_id !== null && company_name !== null ? { id: company_id, name: company_name } : null,
  };
}

export async function userById(tx: Tx, id: number): Promise<UserWire | null> {
  const row = (
    await sql<UserRow>`select ${userSelect} from users u left join companies c on c.id = u.company_id where u.id = ${id}`.execute(
      tx,
    )
  ).rows[0];
  return row ? userWire(row) : null;
}

export async function usersByRole(tx: Tx, role: UserWire["role"]): Promise<UserWire[]> {
  const rows = await sql<UserRow>`select ${userSelect} from users u left join companies c on c.id = u.company_id
                                   where u.role = ${role} and u.is_active order by u.id`.execute(tx);
  return rows.rows.map(userWire);
}
