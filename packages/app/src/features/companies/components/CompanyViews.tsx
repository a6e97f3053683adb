import { Card, ErrorState, Heading, Link, Skeleton, Stack, UntrustedText } from "@sentinel/ui";
import type { ReactNode } from "react";
import { paths } from "../../../config/paths.ts";
import { useCompanyApplications } from "../api/companies.ts";
import * as styles from "./companies.css.ts";

function LinkList({
  title,
  query,
  empty,
  children,
}: {
  title: string;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  empty: boolean;
  children: ReactNode;
}) {
  const id = `company-views-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <section className={styles.stacked} aria-labelledby={id}>
      <Heading level={3} id={id}>
        {title}
      </Heading>
      {query.isPending ? (
        <Skeleton variant="block" height="4rem" />
      ) : query.isError ? (
        <ErrorState
          headingLevel={4}
          message={`We couldn't load ${title.toLowerCase()}.`}
          onRetry={() => void query.refetch()}
        />
      ) : empty ? (
        <p className={styles.secondary}>None yet.</p>
      ) : (
        <Stack as="ul" space="xsmall">
          {children}
        </Stack>
      )}
    </section>
  );
}

/** A staff list narrowed to one company (`?company=`), whose rows then open that company's twin routes. */
function companyList(href: string, companyId: number): string {
  return `${href}?${new URLSearchParams({ company: String(companyId) }).toString()}`;
}

/**
 * Staff links into this company's admin-twin views (`…/company/{company_id}`): its web and
 * source-code applications by name, and the product and network-configuration lists filtered to
 * the company (their rows open the twin routes), so every twin is a link away.
 */
export function CompanyViews({ companyId }: { companyId: number }) {
  const { web, source } = useCompanyApplications(companyId);
  return (
    <Card title="Assets and assessments">
      <div className={styles.linkGrid}>
        <LinkList title="Web Application VA" query={web} empty={(web.data?.results.length ?? 0) === 0}>
          {web.data?.results.map((app) => (
            <li key={app.id}>
              <Link href={paths.application_va_company.getHref({ id: app.id, company_id: companyId })}>
                <UntrustedText>{app.application || app.target}</UntrustedText>
              </Link>
            </li>
          ))}
        </LinkList>
        <LinkList title="Source Code VA" query={source} empty={(source.data?.results.length ?? 0) === 0}>
          {source.data?.results.map((app) => (
            <li key={app.id}>
              <Link href={paths.source_code_va_company.getHref({ id: app.id, company_id: companyId })}>
                <UntrustedText>{app.username ? `${app.username}/${app.repository}` : app.repository}</UntrustedText>
              </Link>
            </li>
          ))}
        </LinkList>
        <section className={styles.stacked} aria-labelledby="company-views-more">
          <Heading level={3} id="company-views-more">
            Other areas
          </Heading>
          <Stack as="ul" space="xsmall">
            <li>
              <Link href={companyList(paths.asset_inventory.getHref(), companyId)}>Asset inventory</Link>
            </li>
            <li>
              <Link href={companyList(paths.network_va.getHref(), companyId)}>Network VA</Link>
            </li>
          </Stack>
        </section>
      </div>
    </Card>
  );
}
