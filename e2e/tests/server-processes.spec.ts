import { type APIRequestContext, expect, type Page, request, test } from "@playwright/test";
import { API_PROCESSES } from "../topology.ts";
import { demo, signIn, signInAt } from "./support.ts";

/**
 * Two API processes behind nginx on one PostgreSQL (issue 30): what the browser starts through nginx
 * holds on either process. nginx picks the process for each request, round robin over requests from
 * every test running at the time, so the test cannot know which one answered the browser. It asks
 * each process on its own port, with what the browser holds: whichever process answered the browser,
 * the other one is asked too. (No answer names its process: that would be a header in production,
 * for no user's benefit.) See docs/decisions.md, "The e2e server runs as several processes (issue 30)".
 */

/** One request context per API process, straight to its port, past nginx. */
async function eachProcess(
  extraHTTPHeaders?: Record<string, string>,
): Promise<Array<{ name: string; api: APIRequestContext }>> {
  return await Promise.all(
    API_PROCESSES.map(async ({ name, port }) => ({
      name,
      api: await request.newContext({ baseURL: `http://127.0.0.1:${port}`, extraHTTPHeaders }),
    })),
  );
}

/** The tokens the app keeps for its session. */
async function storedSession(page: Page): Promise<{ token: string; refresh: string }> {
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem("sentinel.session") ?? "{}"));
  expect(stored).toMatchObject({ token: expect.any(String), refresh: expect.any(String) });
  return stored;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test("a session signed in through nginx continues on either API process, and its sign-out ends it on both", async ({
  page,
}) => {
  const processes = await eachProcess();
  await signInAt(page, "/dashboard", demo.admin);
  const first = await storedSession(page);
  for (const { name, api } of processes) {
    const profile = await api.get("/api/v1/user/profile/", { headers: bearer(first.token) });
    expect(profile.status(), name).toBe(200);
    expect((await profile.json()).email, name).toBe(demo.admin);
  }

  // The refresh token rotates on one process, and the token it gives is taken by the other.
  const [one, other] = processes as [(typeof processes)[0], (typeof processes)[0]];
  const rotated = await one.api.post("/api/v1/auth/token/refresh/", { data: { refresh: first.refresh } });
  expect(rotated.status(), one.name).toBe(200);
  const second = await rotated.json();
  const again = await other.api.post("/api/v1/auth/token/refresh/", { data: { refresh: second.refresh } });
  expect(again.status(), other.name).toBe(200);
  const latest: { access: string; refresh: string } = await again.json();

  // The browser carries on with the newest tokens, through nginx. They are written with no app
  // running (config.json is no page of the app), so no screen writes the older ones back over them.
  await page.goto("/config.json");
  await page.evaluate(({ access, refresh }) => {
    const session = JSON.parse(window.localStorage.getItem("sentinel.session") ?? "{}");
    window.localStorage.setItem("sentinel.session", JSON.stringify({ ...session, token: access, refresh }));
  }, latest);
  const answered = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname.startsWith("/api/") &&
      r.request().headers().authorization === `Bearer ${latest.access}`,
  );
  await page.goto("/dashboard");
  expect((await answered).status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Log Out, through nginx: neither process takes the session's tokens any more.
  const loggedOut = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/v1/auth/logout/");
  await page.locator("header button[aria-haspopup]").last().click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  expect((await loggedOut).status()).toBeLessThan(300);
  await expect(page).toHaveURL(/\/auth\/login/);
  for (const { name, api } of processes) {
    expect((await api.get("/api/v1/user/profile/", { headers: bearer(latest.access) })).status(), name).toBe(401);
    const refreshed = await api.post("/api/v1/auth/token/refresh/", { data: { refresh: latest.refresh } });
    expect(refreshed.status(), name).toBe(401);
  }
  await Promise.all(processes.map(({ api }) => api.dispose()));
});

test("failed sign-ins through nginx count against one limit on both API processes", async ({ browser }) => {
  // The product throttles sign-ins per account and per client address. The run's other specs sign in
  // from this machine's address too: this test's attempts come from an address of their own (a
  // documentation address, which nginx passes on and the server, trusting the proxy on this host,
  // takes as the client's), so they spend none of that address's allowance, nor it theirs. The account
  // is one no other server spec signs in as: it stays refused for the rest of the window.
  const from = { "x-forwarded-for": "198.51.100.30" };
  const account = demo.setup2fa;
  const context = await browser.newContext({ extraHTTPHeaders: from });
  const page = await context.newPage();
  const signInAnswer = () =>
    page.waitForResponse((r) => new URL(r.url()).pathname === "/api/v1/auth/login/" && r.request().method() === "POST");

  await page.goto("/auth/login");
  // The account's limit is ten failures in its window. Each answer is awaited before the next attempt.
  for (let attempt = 1; attempt <= 10; attempt++) {
    const answer = signInAnswer();
    await signIn(page, account, "not the password");
    expect((await answer).status(), `attempt ${attempt}`).toBe(400);
  }
  await expect(page.getByText("Unable to log in with provided credentials.")).toBeVisible();

  // Each process refuses even the right password now, whichever of them counted the failures: a count
  // kept by each process alone would leave at least one of them under the limit.
  const processes = await eachProcess(from);
  for (const { name, api } of processes) {
    const refused = await api.post("/api/v1/auth/login/", { data: { email: account, password: "demo" } });
    expect(refused.status(), name).toBe(429);
    expect(Number(refused.headers()["retry-after"]), name).toBeGreaterThan(0);
  }
  await Promise.all(processes.map(({ api }) => api.dispose()));

  // And so does the browser, through nginx, saying so.
  const answer = signInAnswer();
  await signIn(page, account, "demo");
  expect((await answer).status()).toBe(429);
  await expect(page.getByText(/Request was throttled\. Expected available in \d+ seconds\./)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
  await context.close();
});

test("a ticket sent again with its Idempotency-Key to either API process gets the first answer, and stays one ticket", async ({
  page,
}) => {
  const fields = {
    name: `Sent once, answered twice ${Date.now()}`,
    category: "BUG",
    description: "Created in the browser, sent again by hand.",
  };
  await signInAt(page, "/ticketing", demo.admin);
  await page.getByRole("button", { name: "New ticket" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: /Subject/ }).fill(fields.name);
  await dialog.getByRole("button", { name: /Category/ }).click();
  await page.getByRole("option", { name: "Bug" }).click();
  await dialog.getByRole("textbox", { name: /Description/ }).fill(fields.description);
  // The first answer is lost on its way back: the ticket is stored (the request went through nginx to
  // a process), and the browser sees the connection drop. The draft stays; the person sends it again.
  const stored: Array<{ status: number; body: { id: number } }> = [];
  await page.route("**/api/v1/ticket/", async (route) => {
    if (route.request().method() !== "POST" || stored.length > 0) return await route.fallback();
    const answer = await route.fetch();
    stored.push({ status: answer.status(), body: await answer.json() });
    await route.abort("connectionreset");
  });
  const lost = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/v1/ticket/");
  await dialog.getByRole("button", { name: "Create ticket" }).click();
  const created = await lost;
  await expect(dialog.getByText(/The ticket wasn't created/)).toBeVisible();
  expect(stored).toEqual([{ status: 201, body: expect.objectContaining({ id: expect.any(Number) }) }]);
  const firstAnswer = stored[0]?.body ?? { id: 0 };

  // The same draft, the same key: answered from memory with the first answer, through nginx.
  const resent = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/v1/ticket/",
  );
  await dialog.getByRole("button", { name: "Create ticket" }).click();
  const replayed = await resent;
  expect(replayed.status()).toBe(201);
  const headers = await created.allHeaders();
  expect(headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  expect((await replayed.request().allHeaders())["idempotency-key"]).toBe(headers["idempotency-key"]);
  expect(await replayed.json()).toEqual(firstAnswer);
  await expect(page).toHaveURL(new RegExp(`/ticketing/${firstAnswer.id}$`));

  // The same send again, with the browser's key and credentials, to each process on its own port. The browser's
  // multipart body is not readable from here (the page builds it from a FormData), so the form is built
  // again from what the test typed: the key is bound to the form's fields, and a form that differed
  // from the browser's in any field would be refused (422), not answered from memory.
  const processes = await eachProcess();
  for (const { name, api } of processes) {
    const replay = await api.post("/api/v1/ticket/", {
      headers: { authorization: headers.authorization ?? "", "idempotency-key": headers["idempotency-key"] ?? "" },
      multipart: fields,
    });
    expect(replay.status(), `${name}: ${await replay.text()}`).toBe(201);
    expect(await replay.json(), name).toEqual(firstAnswer);
  }
  await Promise.all(processes.map(({ api }) => api.dispose()));

  // One ticket of that subject in the list, through nginx.
  await page.goto(`/ticketing?search=${encodeURIComponent(fields.name)}`);
  const rows = page.getByRole("grid", { name: "Tickets" }).getByRole("row").filter({ hasText: fields.name });
  await expect(rows).toHaveCount(1);
});
