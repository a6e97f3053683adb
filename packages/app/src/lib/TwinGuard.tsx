import { EmptyState, ErrorState, Link, Spinner } from "@sentinel/ui";
import type { ComponentType } from "react";
import { Page } from "../components/Page.tsx";
import { loadErrorMessage } from "./apiErrorMessage.ts";
import { usePageMeta } from "./PageMetaContext.tsx";
import * as styles from "./TwinGuard.css.ts";
import type { GuardedScreen, TwinRecord } from "./twinRoute.ts";
import { useTwinCompany, withTwinCrumb } from "./useTwinCompany.ts";

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function useRefusedMeta(record: TwinRecord, label: string) {
  const { crumb } = useTwinCompany();
  usePageMeta({
    title: capitalised(record.noun),
    breadcrumbs: withTwinCrumb([{ label: record.back.label, href: record.back.href }, { label }], crumb),
  });
  return crumb;
}

/** The not-found state of a twin whose record belongs to another company (or whose company id is not one). */
function NotThisCompany({ record }: { record: TwinRecord }) {
  const crumb = useRefusedMeta(record, "Not found");
  return (
    <Page title={`${capitalised(record.noun)} not found`}>
      <EmptyState
        headingLevel={2}
        title={crumb ? `This ${record.noun} does not belong to ${crumb.label}` : "This address does not name a company"}
        description={
          crumb
            ? "It belongs to another company, so it is not shown under this company's name."
            : "The company part of the address is not a company id."
        }
        action={<Link href={record.back.href}>Back to {record.back.label}</Link>}
      />
    </Page>
  );
}

function OwnerUnknown({ record, error, onRetry }: { record: TwinRecord; error: unknown; onRetry(): void }) {
  useRefusedMeta(record, capitalised(record.noun));
  return (
    <Page title={capitalised(record.noun)}>
      <ErrorState headingLevel={2} message={loadErrorMessage(error, `this ${record.noun}`)} onRetry={onRetry} />
    </Page>
  );
}

/**
 * The guard of every admin twin (see `twinScreen`): `Screen` renders only once `record` is known to
 * belong to the company in the URL. While that is being checked nothing of the record is shown (no
 * h1 either, so focus moves to the screen's own heading when it arrives); another company's record,
 * or an address whose company is not an id, gets the not-found state; a failed lookup, the error
 * state with Retry. The screen's own calls start only after the check, so none of another
 * company's data is ever on screen.
 */
export function guardTwin(Screen: ComponentType, record: TwinRecord): GuardedScreen {
  function TwinGuard() {
    const { companyId } = useTwinCompany();
    const owner = record.useOwner();
    if (companyId === null) return <NotThisCompany record={record} />;
    if (owner.status === "error") return <OwnerUnknown record={record} error={owner.error} onRetry={owner.retry} />;
    if (owner.status === "pending") {
      return (
        <div className={styles.checking}>
          <Spinner aria-label={`Loading the ${record.noun}`} />
        </div>
      );
    }
    return owner.companyId === companyId ? <Screen /> : <NotThisCompany record={record} />;
  }
  return Object.assign(TwinGuard, { twinGuarded: true as const });
}
