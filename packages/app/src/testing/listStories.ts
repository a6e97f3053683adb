import type { Role } from "@sentinel/api-client";
import { mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { StoryObj } from "@storybook/react-vite";
import type { HttpHandler } from "msw";
import { expect, userEvent, within } from "storybook/test";
import { expectLinkedCompany, expectRowLinks, pickCompany, recordRequests } from "./companyFilterPlay.ts";
import { untilRouteLoads } from "./play.ts";
import type { StoryApp } from "./StoryApp.tsx";

type AppStory = StoryObj<typeof StoryApp>;
type PagedPath = Parameters<typeof mockEmptyList>[0];

export interface ListStatesSpec {
  /** The API path that feeds the list. */
  api: PagedPath;
  /** The table's accessible name. */
  table: string;
  /** What the list holds, as the error message names it: "the configurations". */
  noun: string;
  /** The empty state's message. */
  empty: string;
  /** Other calls of the screen held while loading, so nothing else settles first. */
  alsoLoading?: readonly HttpHandler[];
  /** Other calls of the screen answered while the list is empty. */
  alsoEmpty?: readonly HttpHandler[];
}

/**
 * The loading, empty and error stories of a query-fed list screen: a busy table, the empty
 * message, and a failed load that says what could not be loaded and offers Retry, which fails
 * again and keeps the error (never a blank page or endless skeleton).
 */
export function listStateStories(spec: ListStatesSpec): Record<"Loading" | "Empty" | "ErrorState", AppStory> {
  const errorText = new RegExp(`^We couldn't load ${spec.noun}`);
  return {
    Loading: {
      beforeEach({ msw }) {
        msw.use(mockLoading("get", spec.api), ...(spec.alsoLoading ?? []));
      },
      play: async ({ canvasElement }) => {
        const table = await within(canvasElement).findByRole("grid", { name: spec.table }, untilRouteLoads);
        expect(table).toHaveAttribute("aria-busy", "true");
      },
    },
    Empty: {
      beforeEach({ msw }) {
        msw.use(mockEmptyList(spec.api), ...(spec.alsoEmpty ?? []));
      },
      play: async ({ canvasElement }) => {
        expect(await within(canvasElement).findByText(spec.empty, undefined, untilRouteLoads)).toBeInTheDocument();
      },
    },
    ErrorState: {
      beforeEach({ msw }) {
        msw.use(mockError("get", spec.api, 500));
      },
      play: async ({ canvasElement }) => {
        const canvas = within(canvasElement);
        await canvas.findByText(errorText, undefined, untilRouteLoads);
        await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
        // The call fails again; the error stays with its Retry.
        await canvas.findByText(errorText, undefined, untilRouteLoads);
        expect(await canvas.findByRole("button", { name: "Retry" }, untilRouteLoads)).toBeInTheDocument();
      },
    },
  };
}

export interface CompanyFilterSpec {
  /** The API path that feeds the list; its calls are recorded to check `company`. */
  api: PagedPath;
  /** The table's accessible name. */
  table: string;
  /** The screen's route: `/network-va`. */
  route: string;
  /** Rows open this route across companies and the company's twin once narrowed; omit where rows have no twin. */
  rowHref?: { plain: RegExp; twin: (company: string) => RegExp };
  /** @default "SUPER_ADMIN" */
  filterRole?: Role;
  /** @default "ANALYST" */
  linkRole?: Role;
}

/**
 * The staff stories of a list staff can narrow to one company: picking a company (the call carries
 * `company`, every row is that company's) and a shared link with `?company=1` that opens narrowed.
 */
export function companyFilterStories(
  spec: CompanyFilterSpec,
): Record<"StaffCompanyFilter" | "StaffCompanyLink", AppStory> {
  const requests = recordRequests(spec.api);
  const findTable = (canvasElement: HTMLElement) =>
    within(canvasElement).findByRole("grid", { name: spec.table }, untilRouteLoads);
  return {
    StaffCompanyFilter: {
      args: { role: spec.filterRole ?? "SUPER_ADMIN" },
      beforeEach({ msw }) {
        requests.urls.length = 0;
        msw.use(requests.handler);
      },
      play: async ({ canvasElement }) => {
        const table = await findTable(canvasElement);
        if (spec.rowHref) await expectRowLinks(table, spec.rowHref.plain);
        await pickCompany(canvasElement, table, requests.urls);
        const id = requests.urls.map((u) => u.searchParams.get("company")).find((c) => c !== null);
        if (spec.rowHref && id) await expectRowLinks(table, spec.rowHref.twin(id));
      },
    },
    StaffCompanyLink: {
      args: { role: spec.linkRole ?? "ANALYST", path: `${spec.route}?company=1` },
      beforeEach({ msw }) {
        requests.urls.length = 0;
        msw.use(requests.handler);
      },
      play: async ({ canvasElement }) => {
        const table = await findTable(canvasElement);
        await expectLinkedCompany(canvasElement, table, requests.urls, 1);
        if (spec.rowHref) await expectRowLinks(table, spec.rowHref.twin("1"));
      },
    },
  };
}
