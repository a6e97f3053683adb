// A typical screen: fonts, a Button opening a Dialog, a paged table and one chart.
import "@sentinel/ui/style.css";
import "@sentinel/ui/fonts.css";
import { Button, Dialog, DialogTrigger, Modal } from "@sentinel/ui";
import { DonutChart } from "@sentinel/ui/charts";
import { createPagedTableColumnHelper, type PagedList, PagedTable } from "@sentinel/ui/table";
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { applyThemeFromUrl } from "../theme.ts";

interface Scan {
  id: string;
  name: string;
  findings: number;
}

const helper = createPagedTableColumnHelper<Scan>();
const columns = [
  helper.accessor("name", { header: "Scan", meta: { isRowHeader: true } }),
  helper.accessor("findings", { header: "Findings", meta: { align: "end" } }),
];
const scans: PagedList<Scan> = {
  count: 2,
  current_page: 1,
  page_size: 10,
  total_pages: 1,
  start_index: 1,
  end_index: 2,
  pages: [1],
  results: [
    { id: "1", name: "Weekly perimeter", findings: 4 },
    { id: "2", name: "Staging API", findings: 9 },
  ],
};
const severities = [
  { severity: "High", count: 3 },
  { severity: "Low", count: 10 },
];

function App() {
  const [, setPage] = useState(1);
  return (
    <main>
      <DialogTrigger>
        <Button variant="solid">Start scan</Button>
        <Modal>
          <Dialog title="Start a scan">The scan starts at once.</Dialog>
        </Modal>
      </DialogTrigger>
      <PagedTable aria-label="Scans" columns={columns} page={scans} onPageChange={setPage} getRowId={(row) => row.id} />
      <DonutChart
        title="Findings by severity"
        data={severities}
        labelKey="severity"
        valueKey="count"
        labelHeader="Severity"
        valueHeader="Findings"
      />
    </main>
  );
}

applyThemeFromUrl();
createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
