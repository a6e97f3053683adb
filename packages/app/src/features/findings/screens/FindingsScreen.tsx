import { Link, Stack, searchMaxLength } from "@sentinel/ui";
import { useCallback, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { useSession } from "../../../lib/SessionContext.tsx";
import { useSearchText } from "../../../lib/useSearchText.ts";
import { CompanyFilter } from "../../../shared/companies/CompanyFilter.tsx";
import { useCompanyFilter } from "../../../shared/companies/useCompanyFilter.ts";
import { useIndexedFindingLocator } from "../../../shared/findings/api/useIndexedFindingLocator.ts";
import { findingAreas, findingChanges, findingsHref } from "../../../shared/findings/findingsHref.ts";
import { findingStatuses, findingStatusLabels, severities, severityLabels } from "../../../shared/findings/labels.ts";
import { FindingsSection, FindingsToolbar } from "../../../shared/findings/section/index.ts";
import { useFindingParam } from "../../../shared/findings/useFindingParam.ts";
import {
  availableFindingColumns,
  findingAreaLabels,
  findingChangeLabels,
  findingColumnLabels,
  isDefaultColumnSet,
  visibleFindingColumns,
} from "../columns.ts";
import { MultiSelectFilter } from "../components/MultiSelectFilter.tsx";
import { OwnershipFilters } from "../components/OwnershipFilters.tsx";
import { ProductFilter } from "../components/ProductFilter.tsx";
import { SavedViewsMenu } from "../components/SavedViewsMenu.tsx";
import { SeverityCounters } from "../components/SeverityCounters.tsx";
import {
  activeFilterCount,
  type FindingsView,
  filterOf,
  findingsSearchParams,
  hasFilters,
  nextFindingsParams,
  parseFindingsView,
} from "../findingsUrl.ts";
import { useSavedViews } from "../useSavedViews.ts";

const options = <K extends string>(ids: readonly K[], labels: Readonly<Record<K, string>>) =>
  ids.map((id) => ({ id, label: labels[id] }));

const severityOptions = options(severities, severityLabels);
const statusOptions = options(findingStatuses, findingStatusLabels);
const areaOptions = options(findingAreas, findingAreaLabels);
const changeOptions = options(findingChanges, findingChangeLabels);

/** Typing waits this long before the search reaches the URL (and the index). */

/**
 * The view in the URL, and how it changes: a filter, sort or column change pushes a history entry
 * (Back undoes it); search typing replaces the entry. Every change reads the URL as it is then, so
 * a debounced search never writes back a stale filter.
 */
function useFindingsView(staff: boolean) {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => parseFindingsView(searchParams, { staff, searchMaxLength }), [searchParams, staff]);
  const update = useCallback(
    (change: (view: FindingsView) => FindingsView, { replace = false } = {}) =>
      setSearchParams(
        (current) => nextFindingsParams(current, change(parseFindingsView(current, { staff, searchMaxLength }))),
        { replace },
      ),
    [setSearchParams, staff],
  );
  return [view, update] as const;
}

export function FindingsScreen() {
  usePageMeta({ title: "Findings", breadcrumbs: [{ label: "Findings" }] });
  const [searchParams] = useSearchParams();
  const companyFilter = useCompanyFilter(searchParams.get("company") ?? undefined);
  const { staff } = companyFilter;
  const [view, update] = useFindingsView(staff);
  const userId = useSession().user?.id ?? null;
  const savedViews = useSavedViews(userId);
  const searchRef = useRef<HTMLInputElement>(null);
  const setSearch = useCallback(
    (search: string) => update(({ search: _old, ...rest }) => (search ? { ...rest, search } : rest), { replace: true }),
    [update],
  );
  const [searchText, setSearchText] = useSearchText(view.search ?? "", setSearch);

  const filter = useMemo(() => filterOf(view), [view]);
  const columns = visibleFindingColumns(view.columns, staff);
  const currentQuery = findingsSearchParams(view).toString();
  // The open finding is in the URL (`?finding=12`), as on the scan and endpoint pages: a reload or
  // a shared link opens it, Back closes it. The id alone does not say which area's path serves it,
  // so its index row is looked up.
  const { findingId, open, close } = useFindingParam();
  const openLocator = useIndexedFindingLocator(findingId);

  return (
    <Page
      title="Findings"
      description={
        staff
          ? "Every company's findings across network, application, source code and threat inspection."
          : "Your company's findings across network, application, source code and threat inspection."
      }
      actions={
        <SavedViewsMenu
          views={savedViews.views}
          currentQuery={currentQuery}
          onSave={savedViews.save}
          onDelete={savedViews.remove}
        />
      }
    >
      <Stack space="medium">
        <FindingsToolbar
          searchText={searchText}
          onSearchTextChange={setSearchText}
          onSearchSubmit={setSearch}
          searchPlaceholder="Name, CVE, CWE, host or component"
          searchRef={searchRef}
          activeFilterCount={activeFilterCount(view)}
        >
          <MultiSelectFilter
            label="Severity"
            options={severityOptions}
            value={view.severity ?? []}
            onChange={(severity) => update(({ severity: _old, ...rest }) => ({ ...rest, severity }))}
          />
          <MultiSelectFilter
            label="Status"
            options={statusOptions}
            value={view.status ?? []}
            onChange={(status) => update(({ status: _old, ...rest }) => ({ ...rest, status }))}
          />
          <MultiSelectFilter
            label="Area"
            options={areaOptions}
            value={view.area ?? []}
            onChange={(area) => update(({ area: _old, ...rest }) => ({ ...rest, area }))}
          />
          <MultiSelectFilter
            label="Change"
            options={changeOptions}
            value={view.change ?? []}
            onChange={(change) => update(({ change: _old, ...rest }) => ({ ...rest, change }))}
          />
          {staff ? (
            <CompanyFilter
              filter={companyFilter}
              onChange={(company) =>
                // A product belongs to one company: a new company drops the product filter.
                update(({ company: _old, product: _product, ...rest }) =>
                  company === null ? rest : { ...rest, company: Number(company) },
                )
              }
            />
          ) : null}
          <ProductFilter
            company={staff ? view.company : undefined}
            value={view.product}
            onChange={(product) =>
              update(({ product: _old, ...rest }) => (product === undefined ? rest : { ...rest, product }))
            }
          />
          <OwnershipFilters
            assignee={view.assignee}
            onAssigneeChange={(assignee) =>
              update(({ assignee: _old, ...rest }) => (assignee === undefined ? rest : { ...rest, assignee }))
            }
            overdue={view.overdue === true}
            onOverdueChange={(overdue) =>
              update(({ overdue: _old, ...rest }) => (overdue ? { ...rest, overdue: true } : rest))
            }
          />
          <MultiSelectFilter
            label="Columns"
            allLabel="All"
            options={availableFindingColumns(staff).map((id) => ({ id, label: findingColumnLabels[id] }))}
            value={columns}
            defaultValue={visibleFindingColumns(undefined, staff)}
            disallowEmpty
            onChange={(chosen) =>
              update(({ columns: _old, ...rest }) =>
                // The default set names no columns in the URL, so the default view keeps its short link.
                isDefaultColumnSet(chosen, staff) ? rest : { ...rest, columns: chosen },
              )
            }
          />
          {hasFilters(view) ? (
            <Link
              href={findingsHref({
                ...(view.ordering ? { ordering: view.ordering } : {}),
                ...(view.columns ? { columns: view.columns } : {}),
              })}
            >
              Clear filters
            </Link>
          ) : null}
        </FindingsToolbar>
        <SeverityCounters view={view} />
        <FindingsSection
          label="Findings"
          filter={filter}
          ordering={view.ordering}
          onOrderingChange={(ordering) => update((current) => ({ ...current, ordering }))}
          columns={columns}
          searchRef={searchRef}
          fillWindow
          drawer={{ findingId, locatorOf: () => openLocator, open, close }}
        />
      </Stack>
    </Page>
  );
}
