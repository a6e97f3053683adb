import type { Db } from "./db-types.ts";
import type { CreditType } from "./schema-types.ts";

export interface Balances {
  balance_network_va: number;
  balance_application_va: number;
  balance_source_code: number;
  balance_threat_inspection: number;
  balance_exposure_detection: number;
  balance: number;
}

/**
 * Balances are the sum of the credit transactions (top-ups and refunds add, spending subtracts), so
 * they always agree with the credits activity. `scope` null = every company (staff view).
 */
export function balancesOf(db: Db, scope: number | null): Balances {
  const per: Record<CreditType, number> = {
    NETWORKVA: 0,
    APPLICATIONVA: 0,
    SOURCECODE: 0,
    THREATINSPECTION: 0,
    EXPOSUREDETECTION: 0,
  };
  for (const tx of db.creditTransactions) {
    if (scope !== null && tx.company_id !== scope) continue;
    per[tx.transaction_type] += tx.amount;
  }
  return {
    balance_network_va: per.NETWORKVA,
    balance_application_va: per.APPLICATIONVA,
    balance_source_code: per.SOURCECODE,
    balance_threat_inspection: per.THREATINSPECTION,
    balance_exposure_detection: per.EXPOSUREDETECTION,
    balance: Object.values(per).reduce((a, b) => a + b, 0),
  };
}
