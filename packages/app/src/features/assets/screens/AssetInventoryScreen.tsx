import type { Product } from "@sentinel/api-client";
import { Button, formatNumber, Heading, Inline, Link, revealBidiControls, Stack, UntrustedText } from "@sentinel/ui";
import { createPagedTableColumnHelper, PagedTable } from "@sentinel/ui/table";
import { Plus } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { type AssetSection, paths } from "../../../config/paths.ts";
import { loadErrorMessage } from "../../../lib/apiErrorMessage.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { permissionFor } from "../../../lib/permissionFor.ts";
import { useRole } from "../../../lib/sessionQueries.ts";
import { useListParams } from "../../../lib/useListParams.ts";
import { CompanyFilter } from "../../../shared/companies/CompanyFilter.tsx";
import { CompanyName } from "../../../shared/companies/CompanyName.tsx";
import { useCompanyFilter } from "../../../shared/companies/useCompanyFilter.ts";
import { useProducts, useProductsForSearch } from "../api/assets.ts";
import { assetRefusal } from "../assetRights.ts";
import * as styles from "../components/assets.css.ts";
import { ProductFormDialog } from "../components/ProductFormDialog.tsx";
import { searchProducts } from "../components/productSearch.ts";

/**
 * Staff who narrowed the list to one company open the product through that company's twin route
 * (company in the breadcrumbs); unfiltered, every product opens on the plain route, as for clients.
 */
function sectionHref(product: Product, company: number | null, section: AssetSection): string {
  return company === null
    ? paths.asset_inventory_section.getHref({ id: product.id, section })
    : paths.asset_inventory_company_section.getHref({ id: product.id, company_id: company, section });
}

const productHref = (product: Product, company: number | null) => sectionHref(product, company, "exposure-detection");

/**
 * One count per asset list, each opening the list it counts (the product's section of that kind),
 * so a count never promises items that no page shows together.
 */
const countColumns = [
  {
    field: "exposure_count",
    header: "Exposure detection",
    section: "exposure-detection",
    noun: ["exposure detection asset", "exposure detection assets"],
  },
  {
    field: "threat_count",
    header: "Threat inspection",
    section: "threat-inspection",
    noun: ["threat inspection asset", "threat inspection assets"],
  },
  { field: "network_count", header: "Network", section: "network", noun: ["network asset", "network assets"] },
  {
    field: "url_count",
    header: "Web applications",
    section: "application",
    noun: ["web application", "web applications"],
  },
  { field: "repository_count", header: "Repositories", section: "source-code", noun: ["repository", "repositories"] },
] as const satisfies ReadonlyArray<{
  field: keyof Product;
  header: string;
  section: AssetSection;
  noun: readonly [string, string];
}>;

const helper = createPagedTableColumnHelper<Product>();

function columnsFor(company: number | null, staff: boolean) {
  return helper.columns([
    helper.accessor("name", {
      header: "Product",
      meta: { isRowHeader: true },
      cell: (info) => (
        <Link href={productHref(info.row.original, company)}>
          <UntrustedText>{info.getValue()}</UntrustedText>
        </Link>
      ),
    }),
    ...(staff
      ? [helper.accessor("company", { header: "Company", cell: (info) => <CompanyName id={info.getValue()} /> })]
      : []),
    ...countColumns.map(({ field, header, section, noun }) =>
      helper.accessor(field, {
        header,
        meta: { align: "end" },
        cell: (info) => {
          const count = info.getValue();
          // Nothing to open: a link to an empty list would only add a tab stop.
          if (count === 0) return formatNumber(count);
          const product = info.row.original;
          return (
            <Link
              href={sectionHref(product, company, section)}
              aria-label={`${formatNumber(count)} ${noun[count === 1 ? 0 : 1]} of ${revealBidiControls(product.name)}`}
            >
              {formatNumber(count)}
            </Link>
          );
        },
      }),
    ),
    // The sum of the counts beside it; the product's name opens its sections.
    helper.accessor("assets_count", {
      header: "Total",
      meta: { align: "end" },
      cell: (info) => formatNumber(info.getValue()),
    }),
  ]);
}

/** Asset inventory: products with how many assets of each kind they hold. */
export function AssetInventoryScreen() {
  usePageMeta({ title: "Assets", breadcrumbs: [{ label: "Assets" }] });
  const navigate = useNavigate();
  const [params, update] = useListParams({ filters: ["company"] });
  const companyFilter = useCompanyFilter(params.filters.company);
  const { staff, company } = companyFilter;
  const searching = params.search.trim() !== "";
  const paged = useProducts({ page: params.page, pageSize: params.pageSize, company });
  const all = useProductsForSearch(searching, company);
  const query = searching ? all : paged;
  const page =
    searching && all.data ? searchProducts(all.data, params.search, params.page, params.pageSize) : paged.data;

  // Only staff open a company's twin route; a client's own products open on the plain one.
  const twinCompany = staff ? company : null;
  const columns = useMemo(() => columnsFor(twinCompany, staff), [twinCompany, staff]);

  const { role } = useRole();
  // A super admin adds to the company the list is narrowed to; a client admin to their own.
  const { allowed: canAdd, refusal } = permissionFor(
    role,
    (known) =>
      assetRefusal(known) ??
      (known === "SUPER_ADMIN" && company === null
        ? "Choose a company in the filter to add a product to it."
        : undefined),
  );
  const refusalId = useId();
  const [adding, setAdding] = useState(false);

  return (
    <Page title="Assets" description="Your assets, grouped by product.">
      <Stack as="section" space="medium" aria-labelledby="products-heading">
        <Inline space="small" align="spaceBetween" alignY="center">
          <Heading level={2} id="products-heading">
            Products
          </Heading>
          <Button
            variant="outline"
            onPress={() => setAdding(true)}
            isDisabled={!canAdd}
            aria-describedby={refusal ? refusalId : undefined}
          >
            <Plus aria-hidden="true" />
            Add product
          </Button>
        </Inline>
        {refusal ? (
          <p id={refusalId} className={styles.muted}>
            {refusal}
          </p>
        ) : null}
        <PagedTable
          aria-labelledby="products-heading"
          columns={columns}
          page={page}
          isLoading={query.isPending}
          error={query.isError ? loadErrorMessage(query.error, "the products") : null}
          onRetry={() => query.refetch()}
          onPageChange={(next) => update({ page: next })}
          search={params.search}
          onSearchChange={(search) => update({ search })}
          searchLabel="Search products"
          searchPlaceholder="Product name"
          filters={
            staff ? (
              <CompanyFilter filter={companyFilter} onChange={(company) => update({ filters: { company } })} />
            ) : undefined
          }
          emptyMessage={
            searching
              ? "No products match the search."
              : staff && company !== null
                ? "This company has no products."
                : "No products yet."
          }
          onRowAction={(product) => navigate(productHref(product, twinCompany))}
        />
      </Stack>
      {canAdd ? (
        <ProductFormDialog
          product={null}
          {...(role === "SUPER_ADMIN" && company !== null ? { company } : {})}
          isOpen={adding}
          onOpenChange={setAdding}
          onSaved={(saved) => navigate(productHref(saved, twinCompany))}
        />
      ) : null}
    </Page>
  );
}
