import {
  type ActionsMenuItem,
  Button,
  ErrorState,
  Heading,
  Inline,
  Stack,
  Tab,
  TabList,
  TabPanel,
  Tabs,
} from "@sentinel/ui";
import { PagedTable, type PagedTableProps } from "@sentinel/ui/table";
import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { type AssetSection, assetSections, paths } from "../../../config/paths.ts";
import { loadErrorMessage } from "../../../lib/apiErrorMessage.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { permissionFor } from "../../../lib/permissionFor.ts";
import { useRole } from "../../../lib/sessionQueries.ts";
import { guardTwin } from "../../../lib/TwinGuard.tsx";
import { useIdParam } from "../../../lib/useIdParam.ts";
import { useListParams } from "../../../lib/useListParams.ts";
import { useTwinCompany, withTwinCrumb } from "../../../lib/useTwinCompany.ts";
import {
  type EditableKind,
  useAssetWrites,
  useExposureAssets,
  useNetworkAssets,
  useProduct,
  useRemoveProduct,
  useSourceCodeAssets,
  useThreatAssets,
  useWebAppAssets,
} from "../api/assets.ts";
import { assetRefusal } from "../assetRights.ts";
import { AssetFormDialog, type EditableAsset, kindForms } from "../components/AssetFormDialog.tsx";
import * as styles from "../components/assets.css.ts";
import { ProductFormDialog } from "../components/ProductFormDialog.tsx";
import { RemoveDialog, type RemoveRequest } from "../components/RemoveDialog.tsx";
import {
  exposureColumns,
  networkColumns,
  sourceColumns,
  threatColumns,
  webColumns,
} from "../components/sectionColumns.tsx";
import { productTwin } from "../twin.ts";

const sectionLabels: Readonly<Record<AssetSection, string>> = {
  "exposure-detection": "Exposure Detection",
  "threat-inspection": "Threat Inspection",
  network: "Network",
  application: "Application",
  "source-code": "Source Code",
};

/** Only these lists take `search` in the contract. */
const searchable: ReadonlySet<AssetSection> = new Set(["exposure-detection", "network"]);

const emptyMessages: Readonly<Record<AssetSection, string>> = {
  "exposure-detection": "No exposure detection assets in this product.",
  "threat-inspection": "No threat inspection assets in this product.",
  network: "No network assets in this product.",
  application: "No web applications in this product.",
  "source-code": "No repositories in this product.",
};

function useSection(): AssetSection {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, "");
  return assetSections.find((s) => path.endsWith(`/${s}`)) ?? "exposure-detection";
}

/**
 * One product's assets, a tab per kind (each tab is its own route). On the admin twin
 * (`…/company/{company_id}/…`) staff see the product within that company; the twin's guard has
 * already checked that the product is that company's (`twinScreen`).
 */
export function AssetSectionScreen() {
  const id = useIdParam("id") ?? 0;
  const section = useSection();
  const { companyId, crumb } = useTwinCompany();
  const [params, update] = useListParams();
  const product = useProduct(id);
  const ready = product.data !== undefined;
  const args = { product: id, page: params.page, pageSize: params.pageSize, search: params.search };

  const queries = {
    "exposure-detection": useExposureAssets({ ...args, enabled: ready && section === "exposure-detection" }),
    "threat-inspection": useThreatAssets({ ...args, enabled: ready && section === "threat-inspection" }),
    network: useNetworkAssets({ ...args, enabled: ready && section === "network" }),
    application: useWebAppAssets({ ...args, enabled: ready && section === "application" }),
    "source-code": useSourceCodeAssets({ ...args, enabled: ready && section === "source-code" }),
  };
  const query = queries[section];

  // Members and analysts see the actions disabled, with the reason beside them; everyone does until
  // the profile says the role.
  const { allowed: canChange, refusal } = permissionFor(useRole().role, assetRefusal);
  const editable: EditableKind | null = section === "threat-inspection" ? null : section;
  const refusalId = useId();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ asset: EditableAsset | null } | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState<RemoveRequest | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);
  const assetWrites = useAssetWrites(editable ?? "network");
  const removeProduct = useRemoveProduct();
  const askToRemove = (request: RemoveRequest) => {
    setRemoving(request);
    setIsRemoving(true);
  };

  const name = product.data?.name;
  const hrefFor = (s: AssetSection) =>
    companyId === null
      ? paths.asset_inventory_section.getHref({ id, section: s })
      : paths.asset_inventory_company_section.getHref({ id, company_id: companyId, section: s });
  usePageMeta({
    title: name ?? "Product",
    breadcrumbs: withTwinCrumb(
      [
        { label: "Assets", href: paths.asset_inventory.getHref() },
        { label: name ?? `Product #${id}`, href: hrefFor("exposure-detection") },
        // The section is a dropdown of its siblings, so the product's other sections are one link away.
        {
          label: sectionLabels[section],
          children: assetSections
            .filter((s) => s !== section)
            .map((s) => ({ label: sectionLabels[s], href: hrefFor(s) })),
        },
      ],
      crumb,
    ),
  });

  if (product.isError) {
    return (
      <Page title="Product">
        <ErrorState
          headingLevel={2}
          message={loadErrorMessage(product.error, "this product")}
          onRetry={() => product.refetch()}
        />
      </Page>
    );
  }

  const productName = name ?? `Product #${id}`;
  const rowActions =
    editable && canChange
      ? (row: object): readonly ActionsMenuItem[] => {
          const asset = row as EditableAsset;
          const noun = kindForms[editable].noun;
          return [
            { id: "edit", label: `Edit ${noun}`, onAction: () => setEditing({ asset }) },
            {
              id: "remove",
              label: `Remove ${noun}`,
              tone: "critical",
              onAction: () =>
                askToRemove({
                  title: `Remove this ${noun}?`,
                  body: (
                    <p>
                      It leaves {productName} and is not scanned again. Scans and findings that name it keep their
                      history.
                    </p>
                  ),
                  confirm: `Remove ${noun}`,
                  done: `The ${noun} is removed`,
                  failed: `The ${noun} wasn't removed`,
                  run: () => assetWrites.remove(asset.id),
                }),
            },
          ];
        }
      : undefined;

  const common = {
    ...(rowActions ? { rowActions } : {}),
    isLoading: product.isPending || query.isPending,
    error: query.isError ? loadErrorMessage(query.error, "the assets") : null,
    onRetry: () => query.refetch(),
    onPageChange: (page: number) => update({ page }),
    emptyMessage: params.search && searchable.has(section) ? "No assets match the search." : emptyMessages[section],
    ...(searchable.has(section)
      ? {
          search: params.search,
          onSearchChange: (search: string) => update({ search }),
          searchLabel: `Search ${sectionLabels[section].toLowerCase()} assets`,
        }
      : {}),
    "aria-label": `${sectionLabels[section]} assets`,
  } satisfies Partial<PagedTableProps<object>>;

  return (
    <Page title={name ?? "Product"} description={crumb ? `Assets of ${crumb.label}` : undefined}>
      <Stack space="large">
        <Stack space="small">
          <Inline space="small">
            <Button
              variant="outline"
              onPress={() => setRenaming(true)}
              isDisabled={!canChange || !product.data}
              aria-describedby={refusal ? refusalId : undefined}
            >
              Rename product
            </Button>
            <Button
              variant="outline"
              isDisabled={!canChange || !product.data}
              aria-describedby={refusal ? refusalId : undefined}
              onPress={() =>
                askToRemove({
                  title: `Remove ${productName}?`,
                  body: <p>Only a product without assets can be removed; remove its assets first.</p>,
                  confirm: "Remove product",
                  done: `${productName} is removed`,
                  failed: "The product wasn't removed",
                  run: async () => {
                    await removeProduct.remove(id);
                    navigate(paths.asset_inventory.getHref());
                  },
                })
              }
            >
              Remove product
            </Button>
          </Inline>
          {refusal ? (
            <p id={refusalId} className={styles.muted}>
              {refusal}
            </p>
          ) : null}
        </Stack>
        <Tabs selectedKey={section}>
          <TabList aria-label="Asset kinds">
            {assetSections.map((s) => (
              <Tab key={s} id={s} href={hrefFor(s)}>
                {sectionLabels[s]}
              </Tab>
            ))}
          </TabList>
          <TabPanel id={section}>
            <Stack space="medium">
              <Inline space="small" align="spaceBetween" alignY="center">
                <Heading level={2}>{sectionLabels[section]} assets</Heading>
                {editable ? (
                  <Button
                    variant="outline"
                    onPress={() => setEditing({ asset: null })}
                    isDisabled={!canChange}
                    aria-describedby={refusal ? refusalId : undefined}
                  >
                    <Plus aria-hidden="true" />
                    Add {kindForms[editable].noun}
                  </Button>
                ) : null}
              </Inline>
              {section === "exposure-detection" ? (
                <PagedTable {...common} page={queries["exposure-detection"].data} columns={exposureColumns} />
              ) : section === "threat-inspection" ? (
                <PagedTable {...common} page={queries["threat-inspection"].data} columns={threatColumns} />
              ) : section === "network" ? (
                <PagedTable {...common} page={queries.network.data} columns={networkColumns} />
              ) : section === "application" ? (
                <PagedTable {...common} page={queries.application.data} columns={webColumns} />
              ) : (
                <PagedTable {...common} page={queries["source-code"].data} columns={sourceColumns} />
              )}
            </Stack>
          </TabPanel>
        </Tabs>
      </Stack>
      {editable && canChange ? (
        <AssetFormDialog
          kind={editable}
          product={id}
          asset={editing?.asset ?? null}
          isOpen={editing !== null}
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
      {canChange && product.data ? (
        <ProductFormDialog product={product.data} isOpen={renaming} onOpenChange={setRenaming} />
      ) : null}
      <RemoveDialog request={removing} isOpen={isRemoving} onOpenChange={setIsRemoving} />
    </Page>
  );
}

/** The admin twins (`/asset-inventory/{id}/company/{company_id}/…`): this screen, for the product's own company only. */
export const AssetSectionTwin = guardTwin(AssetSectionScreen, productTwin);
