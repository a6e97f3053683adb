import { expect, type Page, test } from "@playwright/test";
import { demo, signInAt } from "./support.ts";

/**
 * The dashboard at the two common desktop widths, for staff and for a client (their widget sets
 * differ): every row of tiles is full from edge to edge, and no tile is mostly empty space.
 */

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface TileGroup {
  section: string;
  container: Box;
  tiles: { name: string; box: Box; content: number }[];
}

/** Each tile row's geometry, read once every section has drawn its data (no skeleton left). */
async function measureTiles(page: Page): Promise<TileGroup[]> {
  return page.evaluate(() => {
    const box = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
    };
    return [...document.querySelectorAll("main [data-tiles]")].map((container) => ({
      section: container.closest("section[aria-labelledby]")?.querySelector("h2")?.textContent ?? "",
      container: box(container),
      tiles: [...container.children].map((tile) => {
        const tileBox = box(tile);
        // How far down the tile its drawn content reaches: text, charts and controls.
        let lowest = tileBox.top;
        for (const element of tile.querySelectorAll("*")) {
          if (element.children.length > 0 && element.tagName !== "svg") continue;
          const rect = element.getBoundingClientRect();
          if (rect.width > 0 && rect.height > 0) lowest = Math.max(lowest, rect.bottom);
        }
        return {
          name: (tile.querySelector("h3, p")?.textContent ?? "").trim(),
          box: tileBox,
          content: (lowest - tileBox.top) / (tileBox.bottom - tileBox.top),
        };
      }),
    }));
  });
}

const accounts = { staff: demo.superadmin, client: demo.admin } as const;

// One sign-in per account, both widths on the same page: the width changes the layout, not the data.
for (const [who, email] of Object.entries(accounts)) {
  test(`${who} dashboard at 1366 and 1920 px: full rows, no empty tiles`, async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("sentinel.static.latencyMs", "0"));
    for (const width of [1366, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      if (width === 1366) await signInAt(page, "/dashboard", email);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      for (const name of ["Growth", "Credits", "Tickets", "Latest scans"]) {
        await expect(main.getByRole("heading", { level: 2, name })).toBeVisible();
      }
      // Every chart has drawn and nothing is still loading.
      await expect(main.getByRole("img", { name: /^Bar chart: Credits by month/ })).toBeVisible();
      await expect(main.getByRole("img", { name: /^Line chart: Credit spending per service/ })).toBeVisible();
      await expect(main.locator("[aria-busy='true']")).toHaveCount(0);

      // After a resize, the charts' size observers run before the next frame is drawn.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const groups = await measureTiles(page);
      expect(groups.map((group) => group.section)).toEqual(
        expect.arrayContaining(["Growth", "Credits", "Tickets", "Latest scans"]),
      );
      for (const group of groups) {
        const rows = new Map<number, Box[]>();
        for (const { box } of group.tiles)
          rows.set(Math.round(box.top), [...(rows.get(Math.round(box.top)) ?? []), box]);
        for (const [top, row] of rows) {
          const where = `${width} px: ${group.section}, row at ${top}`;
          expect(Math.min(...row.map((b) => b.left)), where).toBeCloseTo(group.container.left, 0);
          expect(Math.max(...row.map((b) => b.right)), where).toBeCloseTo(group.container.right, 0);
        }
        for (const tile of group.tiles) {
          expect(tile.content, `${width} px: ${group.section}: "${tile.name}" is mostly empty`).toBeGreaterThan(0.6);
        }
      }
    }
  });
}
