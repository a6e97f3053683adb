import { handlers } from "@sentinel/api-client/mocks";
import { getResponse, HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerFromStaticMode, loadingLeftIn, renderApp } from "../testing/renderApp.tsx";

/**
 * A query that cannot be asked for want of a usable id (or of the user's role) must end as an
 * empty, unavailable or error state: TanStack Query keeps a disabled query pending for ever, and
 * screens drew that as a skeleton that never went away.
 */

const slow = { timeout: 30_000 } as const;

/** Static mode's own answer to `path`, with `id` replaced: what a server sending an unusable id looks like. */
function withId(path: string, id: number) {
  return http.get(`*${path}`, async ({ request }) => {
    const real = await getResponse(handlers, request);
    if (!real) return undefined;
    return HttpResponse.json({ ...((await real.json()) as object), id });
  });
}

async function expectSettled(screen: Awaited<ReturnType<typeof renderApp>>) {
  const main = screen.getByRole("main");
  await expect.element(main.getByRole("heading", { level: 1 }), slow).toBeVisible();
  await expect.poll(() => loadingLeftIn(main.element()), slow).toEqual([]);
  return main;
}

describe("queries without a usable id or role", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("network VA detail: a scan id that is not one shows its endpoints as not found", async () => {
    answerFromStaticMode();
    const screen = await renderApp("/network-va/2?scan=-3", "CLIENT_ADMIN");
    const main = await expectSettled(screen);
    await expect.element(main.getByText(/We couldn't find the endpoints of this scan/)).toBeVisible();
  }, 60_000);

  it("company information: a company answered with an unusable id shows its members and views as unavailable", async () => {
    answerFromStaticMode([withId("/api/v1/company/:id/", 0)]);
    const screen = await renderApp("/company-directory/1/company-information", "SUPER_ADMIN");
    const main = await expectSettled(screen);
    await expect.element(main.getByRole("heading", { level: 2, name: "Members" })).toBeVisible();
    await expect.element(main.getByText(/couldn't load web application va/i)).toBeVisible();
  }, 60_000);

  it("company management: the user's company answered with an unusable id shows its members as unavailable", async () => {
    answerFromStaticMode([withId("/api/v1/company/my-company/", 0)]);
    const screen = await renderApp("/company-management?member=3", "CLIENT_ADMIN");
    const main = await expectSettled(screen);
    await expect.element(main.getByRole("heading", { level: 2, name: "Members" })).toBeVisible();
    // The member drawer (opened by `?member=`) needs the company's id too.
    await expect
      .element(screen.getByRole("dialog").getByText("This member isn't in the company any more."))
      .toBeVisible();
  }, 60_000);

  it.each([
    ["/company-management", "Members"],
    ["/dashboard", "Growth"],
    ["/network-va/2", "Scans"],
  ])(
    "%s: a profile that fails to load shows an error with Retry, not a skeleton waiting for the role",
    async (path, section) => {
      // The profile fails (its automatic retry too) until the test lets it through; Retry then gets it.
      let profileFails = true;
      answerFromStaticMode([
        http.get("*/api/v1/user/profile/", async ({ request }) =>
          profileFails
            ? HttpResponse.json({ detail: "Unavailable." }, { status: 500 })
            : getResponse(handlers, request),
        ),
      ]);
      const screen = await renderApp(path, "CLIENT_ADMIN");
      const main = screen.getByRole("main");
      // In place of the page, so no control of it shows without the role.
      await expect
        .element(main.getByRole("heading", { level: 2, name: /profile could not be loaded/i }), slow)
        .toBeVisible();
      await expect.poll(() => loadingLeftIn(main.element()), slow).toEqual([]);
      profileFails = false;
      await main.getByRole("button", { name: "Retry" }).click();
      await expect.element(main.getByRole("heading", { level: 2, name: section }), slow).toBeVisible();
    },
    60_000,
  );
});
