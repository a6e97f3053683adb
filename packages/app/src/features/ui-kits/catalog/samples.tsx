import {
  ActionsMenu,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Checkbox,
  CheckboxGroup,
  ComboBox,
  configurationStatusTones,
  createThemeStore,
  createToastQueue,
  DatePicker,
  DescriptionList,
  Dialog,
  DialogTrigger,
  Drawer,
  darkClassName,
  darkTheme,
  defaultThemeStorageKey,
  describeStatus,
  EmptyState,
  ErrorState,
  FieldDescription,
  FieldError,
  FileDropZone,
  findingStatuses,
  findingStatusTones,
  formatBalance,
  formatCompactNumber,
  formatCredits,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  formatRelativeDuration,
  formatSignedCredits,
  Heading,
  hasBidiControls,
  IconButton,
  Inline,
  isNavItemActive,
  Label,
  Link,
  lightTheme,
  Menu,
  MenuButton,
  MenuItem,
  MenuSeparator,
  MenuTrigger,
  Modal,
  NavigationProvider,
  NumberField,
  narrowMaxWidth,
  narrowQuery,
  OneTimeCodeField,
  Pagination,
  PasswordField,
  Popover,
  ProgressBar,
  paymentStatusTones,
  Radio,
  RadioGroup,
  RoleBadge,
  reducedMotionQuery,
  repositoryScanStatusTones,
  revealBidiControls,
  roleAliases,
  roleTones,
  rowNumber,
  SearchField,
  Select,
  SeverityBadge,
  Sidebar,
  SidebarDrawer,
  Skeleton,
  SortIcon,
  Spinner,
  Stack,
  StatCard,
  StatusBadge,
  Switch,
  scanStatusTones,
  searchMaxLength,
  severities,
  severityTones,
  sidebarExpandedMinWidth,
  sidebarExpandedQuery,
  sprinkles,
  statusTones,
  stripBidiControls,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  TextArea,
  TextField,
  ThemeProvider,
  ThemeToggle,
  Timeline,
  ToastRegion,
  type Tone,
  Tooltip,
  TooltipTrigger,
  TopBar,
  ticketStatusTones,
  tones,
  toneTableLabels,
  toneTableValues,
  UntrustedText,
  UserMenu,
  useTheme,
  vars,
} from "@sentinel/ui";
import { BarChart, DonutChart, LineAreaChart, StackedBarChart } from "@sentinel/ui/charts";
import {
  createDataGridColumnHelper,
  createPagedTableColumnHelper,
  DataGrid,
  dataGridFeatures,
  PagedTable,
  pagedTableFeatures,
} from "@sentinel/ui/table";
import { Bell, Download, Inbox, Info, LayoutDashboard, Pencil, Ticket, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { TextField as AriaTextField, Input } from "react-aria-components";
import { paths } from "../../../config/paths.ts";
import type { CatalogName } from "./groups.ts";
import * as styles from "./samples.css.ts";

// Fixed instants keep the catalogue identical on every run (and in screenshots).
const sampleDate = "2026-03-14T09:26:00Z";
const sampleNow = Date.parse("2026-03-14T12:00:00Z");

function Code({ children }: { children: ReactNode }) {
  return <code className={styles.code}>{children}</code>;
}

/** A file name whose RIGHT-TO-LEFT OVERRIDE would make it read "invoiceexe.pdf". */
const spoofedName = "invoice\u202Efdp.exe";

/** `expression → result` rows for the pure exports. */
function Results({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className={styles.results}>
      {rows.map(([expression, result]) => (
        <div key={expression} className={styles.resultRow}>
          <dt>
            <Code>{expression}</Code>
          </dt>
          <dd>{result}</dd>
        </div>
      ))}
    </dl>
  );
}

function ToneTable({ table }: { table: Readonly<Record<string, { readonly tone: Tone; readonly label: string }>> }) {
  return (
    <ul className={styles.badgeRow}>
      {Object.entries(table).map(([value, entry]) => (
        <li key={value}>
          <Badge tone={entry.tone} label={entry.label} title={value} />
        </li>
      ))}
    </ul>
  );
}

function Swatches() {
  return (
    <ul className={styles.badgeRow}>
      {tones.map((tone) => (
        <li key={tone}>
          <Badge tone={tone} weight="solid" label={tone} />
        </li>
      ))}
    </ul>
  );
}

interface TicketRow {
  id: number;
  ticket_id: string;
  name: string;
  status: "UNREAD" | "PROCESSING" | "CLOSED";
}

const ticketRows: TicketRow[] = [
  { id: 1, ticket_id: "TCK-0001", name: "Invoice INV-7Q2K9X1A not received", status: "UNREAD" },
  { id: 2, ticket_id: "TCK-0002", name: "Top up 500 credits", status: "PROCESSING" },
  { id: 3, ticket_id: "TCK-0003", name: "Scan stuck at 40%", status: "CLOSED" },
];

const ticketHelper = createPagedTableColumnHelper<TicketRow>();
const ticketColumns = ticketHelper.columns([
  ticketHelper.accessor("ticket_id", { header: "Ticket", meta: { isRowHeader: true } }),
  ticketHelper.accessor("name", { header: "Subject" }),
  ticketHelper.accessor("status", {
    header: "Status",
    cell: (info) => <StatusBadge kind="ticket" status={info.getValue()} />,
  }),
]);

interface HostRow {
  id: number;
  name: string;
  country: string;
  service_count: number;
}

const hostRows: HostRow[] = Array.from({ length: 8 }, (_, index) => ({
  id: index + 1,
  name: `host-${index + 1}.example.com`,
  country: ["Indonesia", "Singapore", "Japan"][index % 3] ?? "",
  service_count: (index * 5) % 9,
}));

const hostHelper = createDataGridColumnHelper<HostRow>();
const hostColumns = hostHelper.columns([
  hostHelper.accessor("name", { header: "Host", meta: { isRowHeader: true, width: "2fr" } }),
  hostHelper.accessor("country", { header: "Country" }),
  hostHelper.accessor("service_count", { header: "Services", meta: { align: "end" } }),
]);

const creditByMonth = [
  { month: "Jan", spending: 1200, topup: 3000 },
  { month: "Feb", spending: 1850, topup: 0 },
  { month: "Mar", spending: 2400, topup: 5000 },
  { month: "Apr", spending: 1950, topup: 1000 },
];

const spendByService = [
  { label: "Acme", networkva: 1200, web: 400 },
  { label: "Globex", networkva: 900, web: 700 },
];

const findingsBySeverity = [
  { severity: "High", count: 12 },
  { severity: "Medium", count: 30 },
  { severity: "Low", count: 21 },
];

function PagedTableSample() {
  const [page, setPage] = useState(1);
  return (
    <PagedTable
      aria-label="Example tickets"
      paginationLabel="Example table pagination"
      columns={ticketColumns}
      page={{
        count: 3,
        current_page: page,
        page_size: 10,
        total_pages: 1,
        start_index: 1,
        end_index: 3,
        pages: [1],
        results: ticketRows,
      }}
      onPageChange={setPage}
    />
  );
}

function PaginationSample() {
  const [page, setPage] = useState(2);
  return (
    <Pagination
      aria-label="Example pagination"
      currentPage={page}
      totalPages={14}
      count={134}
      startIndex={(page - 1) * 10 + 1}
      endIndex={Math.min(page * 10, 134)}
      onPageChange={setPage}
    />
  );
}

function DrawerSample() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onPress={() => setOpen(true)}>
        Open drawer
      </Button>
      <Drawer
        isOpen={isOpen}
        onOpenChange={setOpen}
        title="OpenSSH user enumeration"
        footer={<Button>Change status</Button>}
      >
        <p>The SSH server leaks whether a user name exists through timing differences.</p>
      </Drawer>
    </>
  );
}

function ToastSample() {
  const [queue] = useState(createToastQueue);
  return (
    <>
      <Button variant="outline" onPress={() => queue.add({ title: "Message sent", tone: "positive" })}>
        Show a toast
      </Button>
      <ToastRegion queue={queue} />
    </>
  );
}

function SidebarSample() {
  const [isCollapsed, setCollapsed] = useState(false);
  return (
    <div className={styles.frameBox}>
      <Sidebar
        aria-label="Example sidebar"
        sections={[
          { items: [{ label: "Dashboard", href: paths.ui_kits.getHref(), icon: LayoutDashboard }] },
          { heading: "Manage", items: [{ label: "Ticket", href: paths.ticketing.getHref(), icon: Ticket }] },
        ]}
        currentPath={paths.ui_kits.getHref()}
        isCollapsed={isCollapsed}
        onCollapsedChange={setCollapsed}
        productName="Sentinel"
        version="v1.0.0"
      />
    </div>
  );
}

function SidebarDrawerSample() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onPress={() => setOpen(true)}>
        Open menu drawer
      </Button>
      <SidebarDrawer isOpen={isOpen} onOpenChange={setOpen}>
        <Sidebar
          aria-label="Example drawer navigation"
          sections={[{ items: [{ label: "Dashboard", href: paths.ui_kits.getHref(), icon: LayoutDashboard }] }]}
          currentPath={paths.ui_kits.getHref()}
          isCollapsed={false}
          onCollapsedChange={() => {}}
          onClose={() => setOpen(false)}
          onNavigate={() => setOpen(false)}
          productName="Sentinel"
        />
      </SidebarDrawer>
    </>
  );
}

function ThemeToggleSample() {
  // Local state: this sample must not change the app's theme.
  const [theme, setTheme] = useState<"light" | "dark">("light");
  return <ThemeToggle theme={theme} onThemeChange={setTheme} aria-label="Example dark theme" />;
}

function ThemeReadout({ label }: { label: string }) {
  const { mode, theme } = useTheme();
  return (
    <Results
      rows={[
        [`${label}.mode`, mode],
        [`${label}.theme`, theme],
      ]}
    />
  );
}

function ThemeProviderSample() {
  // Its own provider, writing no class and keeping nothing: this sample must not change the app's theme.
  return (
    <ThemeProvider root={null} storage={null} media={null} defaultMode="system">
      <ThemeToggle aria-label="Example provider's dark theme" />
      <ThemeReadout label="useTheme()" />
    </ThemeProvider>
  );
}

function NavigationProviderSample() {
  const [last, setLast] = useState("none yet");
  // Records the path instead of leaving the catalogue; the app's own provider sits above.
  return (
    <NavigationProvider navigate={(path) => setLast(String(path))}>
      <Link href={paths.dashboard.getHref()}>Dashboard, through the example router</Link>
      <Results rows={[["navigate() called with", last]]} />
    </NavigationProvider>
  );
}

function MenuSample() {
  return (
    <MenuTrigger>
      <Button variant="outline">Open menu</Button>
      <Popover isDialog={false}>
        <Menu aria-label="Example menu">
          <MenuItem id="edit" icon={<Pencil size={14} />}>
            Edit
          </MenuItem>
          <MenuSeparator />
          <MenuItem id="delete" tone="critical" icon={<Trash2 size={14} />}>
            Delete
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

function TabsSample() {
  return (
    <Tabs>
      <TabList aria-label="Example tabs">
        <Tab id="hosts">Hosts</Tab>
        <Tab id="domains">Domains</Tab>
      </TabList>
      <TabPanel id="hosts">12 hosts discovered.</TabPanel>
      <TabPanel id="domains">30 domains and subdomains.</TabPanel>
    </Tabs>
  );
}

function DialogSample() {
  return (
    <DialogTrigger>
      <Button variant="outline">Open dialog</Button>
      <Modal isDismissable>
        <Dialog
          title="Update schedule"
          actions={(close) => (
            <>
              <Button variant="outline" onPress={close}>
                Cancel
              </Button>
              <Button onPress={close}>Save</Button>
            </>
          )}
        >
          <p>The next scan runs weekly from Monday, 02:00.</p>
        </Dialog>
      </Modal>
    </DialogTrigger>
  );
}

function TooltipSample() {
  return (
    <TooltipTrigger delay={0}>
      <IconButton aria-label="About credits" icon={<Info size={16} />} />
      <Tooltip>Credits are deducted when the scan starts.</Tooltip>
    </TooltipTrigger>
  );
}

function FieldPartsSample() {
  return (
    // The value belongs on the field: it passes a controlled `value` to its Input, so a
    // `defaultValue` on the Input would make it both controlled and uncontrolled.
    <AriaTextField isInvalid className={styles.stack} defaultValue="not-a-host">
      <Label>Custom field</Label>
      <Input className={styles.plainInput} />
      <FieldDescription>Built from the field parts.</FieldDescription>
      <FieldError>Enter a host name.</FieldError>
    </AriaTextField>
  );
}

const scanTypes = [
  { id: "quick", label: "Quick scan" },
  { id: "full", label: "Full scan" },
];

const companies = [
  { id: 1, label: "Acme Security" },
  { id: 2, label: "Borneo Logistics" },
];

const tableFeatureNames = (features: object) => Object.keys(features).join(", ") || "(core only)";

/** One live sample per export, with realistic props. */
export const samples: Record<CatalogName, () => ReactNode> = {
  vars: () => (
    <Results
      rows={[
        ["vars.color.text.primary", <Code key="v">{vars.color.text.primary}</Code>],
        ["vars.zIndex.modal", <Code key="z">{vars.zIndex.modal}</Code>],
      ]}
    />
  ),
  lightTheme: () => <Results rows={[["lightTheme", <Code key="l">{lightTheme}</Code>]]} />,
  darkTheme: () => <Results rows={[["darkTheme", <Code key="d">{darkTheme}</Code>]]} />,
  darkClassName: () => <Results rows={[["darkClassName", <Code key="c">{darkClassName}</Code>]]} />,
  sprinkles: () => (
    <Results rows={[['sprinkles({ display: "flex" })', <Code key="s">{sprinkles({ display: "flex" })}</Code>]]} />
  ),
  tones: () => <Swatches />,
  reducedMotionQuery: () => <Results rows={[["reducedMotionQuery", <Code key="r">{reducedMotionQuery}</Code>]]} />,
  sidebarExpandedMinWidth: () => <Results rows={[["sidebarExpandedMinWidth", String(sidebarExpandedMinWidth)]]} />,
  narrowMaxWidth: () => <Results rows={[["narrowMaxWidth", String(narrowMaxWidth)]]} />,
  narrowQuery: () => <Results rows={[["narrowQuery", <Code key="n">{narrowQuery}</Code>]]} />,
  sidebarExpandedQuery: () => (
    <Results rows={[["sidebarExpandedQuery", <Code key="q">{sidebarExpandedQuery}</Code>]]} />
  ),

  severityTones: () => <ToneTable table={severityTones} />,
  findingStatusTones: () => <ToneTable table={findingStatusTones} />,
  scanStatusTones: () => <ToneTable table={scanStatusTones} />,
  configurationStatusTones: () => <ToneTable table={configurationStatusTones} />,
  repositoryScanStatusTones: () => <ToneTable table={repositoryScanStatusTones} />,
  paymentStatusTones: () => <ToneTable table={paymentStatusTones} />,
  ticketStatusTones: () => <ToneTable table={ticketStatusTones} />,
  roleTones: () => <ToneTable table={roleTones} />,
  roleAliases: () => (
    <Results rows={Object.entries(roleAliases).map(([alias, role]) => [`roleAliases.${alias}`, role] as const)} />
  ),
  statusTones: () => <Results rows={[["Object.keys(statusTones)", Object.keys(statusTones).join(", ")]]} />,
  severities: () => <Results rows={[["severities", severities.join(", ")]]} />,
  findingStatuses: () => <Results rows={[["findingStatuses", findingStatuses.join(", ")]]} />,
  toneTableValues: () => (
    <Results rows={[["toneTableValues(ticketStatusTones)", toneTableValues(ticketStatusTones).join(", ")]]} />
  ),
  toneTableLabels: () => (
    <Results rows={[["toneTableLabels(ticketStatusTones).UNREAD", toneTableLabels(ticketStatusTones).UNREAD]]} />
  ),

  formatDate: () => <Results rows={[[`formatDate("${sampleDate}")`, formatDate(sampleDate, { timeZone: "UTC" })]]} />,
  formatDateTime: () => (
    <Results rows={[[`formatDateTime("${sampleDate}")`, formatDateTime(sampleDate, { timeZone: "UTC" })]]} />
  ),
  formatRelativeDuration: () => (
    <Results rows={[["formatRelativeDuration(date, now)", formatRelativeDuration(sampleDate, sampleNow)]]} />
  ),
  formatBalance: () => (
    <Results
      rows={[
        ["formatBalance(1234567.8)", formatBalance(1234567.8)],
        ["formatBalance(undefined)", formatBalance(undefined)],
      ]}
    />
  ),
  formatCredits: () => <Results rows={[["formatCredits(2500)", formatCredits(2500)]]} />,
  formatSignedCredits: () => <Results rows={[["formatSignedCredits(-150)", formatSignedCredits(-150)]]} />,
  formatMoney: () => <Results rows={[["formatMoney(250000)", formatMoney(250000)]]} />,
  formatPercent: () => (
    <Results
      rows={[
        ["formatPercent(42.5, 1)", formatPercent(42.5, 1)],
        ["formatPercent(3250)", formatPercent(3250)],
      ]}
    />
  ),
  formatNumber: () => (
    <Results
      rows={[
        ["formatNumber(1500)", formatNumber(1500)],
        ["formatNumber(4.25, 1)", formatNumber(4.25, 1)],
      ]}
    />
  ),
  formatCompactNumber: () => <Results rows={[["formatCompactNumber(1250000)", formatCompactNumber(1250000)]]} />,
  rowNumber: () => <Results rows={[["rowNumber(3, 10, 0)", rowNumber(3, 10, 0)]]} />,
  hasBidiControls: () => <Results rows={[["hasBidiControls(spoofedName)", String(hasBidiControls(spoofedName))]]} />,
  revealBidiControls: () => <Results rows={[["revealBidiControls(spoofedName)", revealBidiControls(spoofedName)]]} />,
  stripBidiControls: () => <Results rows={[["stripBidiControls(spoofedName)", stripBidiControls(spoofedName)]]} />,

  Badge: () => (
    <ul className={styles.badgeRow}>
      <li>
        <Badge label="Neutral" />
      </li>
      <li>
        <Badge tone="info" weight="outlined" label="Outlined" />
      </li>
      <li>
        <Badge tone="critical" weight="solid" label="Solid" />
      </li>
    </ul>
  ),
  RoleBadge: () => (
    <ul className={styles.badgeRow}>
      {(["SUPER_ADMIN", "ANALYST", "CLIENT_ADMIN", "CLIENT"] as const).map((role) => (
        <li key={role}>
          <RoleBadge role={role} />
        </li>
      ))}
    </ul>
  ),
  SeverityBadge: () => (
    <ul className={styles.badgeRow}>
      {severities.map((severity) => (
        <li key={severity}>
          <SeverityBadge severity={severity} />
        </li>
      ))}
    </ul>
  ),
  StatusBadge: () => (
    <ul className={styles.badgeRow}>
      <li>
        <StatusBadge kind="scan" status="RUNNING" />
      </li>
      <li>
        <StatusBadge kind="payment" status="UNPAID" />
      </li>
      <li>
        <StatusBadge kind="finding" status="FALSE_POSITIVE" />
      </li>
    </ul>
  ),
  describeStatus: () => (
    <Results rows={[['describeStatus("ticket", "UNREAD")', JSON.stringify(describeStatus("ticket", "UNREAD"))]]} />
  ),

  Heading: () => (
    // Inside a tile titled by an h3: the outline goes on with h4, drawn at levels 2 and 3.
    <Stack space="small">
      <Heading level={2} as="h4">
        Latest scans
      </Heading>
      <Heading level={3} as="h4">
        Findings by severity
      </Heading>
    </Stack>
  ),
  Stack: () => (
    <Stack space="small">
      <Badge tone="info" label="First" />
      <Badge tone="info" label="Second" />
      <Badge tone="info" label="Third" />
    </Stack>
  ),
  Inline: () => (
    <Inline space="small" alignY="center">
      <Button size="small">Save</Button>
      <Button size="small" variant="outline">
        Cancel
      </Button>
    </Inline>
  ),
  Card: () => (
    <Card
      title="Company"
      headingLevel={4}
      actions={
        <Button variant="outline" size="small">
          Edit
        </Button>
      }
    >
      <p>Acme Security · 12 members</p>
    </Card>
  ),
  StatCard: () => <StatCard label="Total balance" value={formatBalance(1250000)} growth={12} />,
  DescriptionList: () => (
    <DescriptionList
      items={[
        { term: "Invoice", description: "INV-7Q2K9X1A" },
        { term: "Status", description: <StatusBadge kind="payment" status="PAID" /> },
        { term: "Bank", description: null },
      ]}
    />
  ),
  ProgressBar: () => <ProgressBar label="Scan progress" value={64} valueLabel="16 of 25 endpoints" />,
  Timeline: () => (
    <Timeline
      aria-label="Example status history"
      entries={[
        {
          id: "1",
          to: <StatusBadge kind="finding" status="ACTIVE" />,
          message: "Finished scan by system",
          actor: "System",
          time: sampleDate,
        },
        {
          id: "2",
          from: <StatusBadge kind="finding" status="ACTIVE" />,
          to: <StatusBadge kind="finding" status="FIXING" />,
          message: "Update to fixing",
          actor: "Ayu Lestari",
          time: sampleDate,
        },
      ]}
    />
  ),
  EmptyState: () => (
    <EmptyState headingLevel={4} icon={<Inbox />} title="No tickets yet" description="Tickets you open appear here." />
  ),
  ErrorState: () => (
    <ErrorState
      headingLevel={4}
      title="Tickets could not be loaded"
      message="The server answered 500."
      onRetry={() => {}}
    />
  ),
  Skeleton: () => <Skeleton lines={3} />,

  Button: () => (
    <div className={styles.row}>
      <Button>Solid</Button>
      <Button variant="outline">Outline</Button>
      <Button variant="ghost">Ghost</Button>
      <Button variant="critical">Critical</Button>
      <Button isPending>Pending</Button>
    </div>
  ),
  IconButton: () => (
    <div className={styles.row}>
      <IconButton aria-label="Notifications" icon={<Bell size={16} />} />
      <IconButton aria-label="Download" variant="outline" icon={<Download size={16} />} />
    </div>
  ),
  Link: () => (
    <p>
      Read the <Link href={paths.privacy_policy.getHref()}>privacy policy</Link>, or{" "}
      <Link variant="standalone" href={paths.dashboard.getHref()}>
        go to the dashboard
      </Link>
      .
    </p>
  ),
  Spinner: () => <Spinner aria-label="Loading example" />,

  TextField: () => <TextField label="Company name" defaultValue="Acme Security" />,
  TextArea: () => <TextArea label="Message" placeholder="Describe the issue" />,
  PasswordField: () => <PasswordField label="Password" defaultValue="correct horse" />,
  SearchField: () => <SearchField label="Search findings" placeholder="Name, CVE or host" />,
  searchMaxLength: () => <Results rows={[["searchMaxLength", searchMaxLength]]} />,
  NumberField: () => <NumberField label="Concurrent scans" defaultValue={2} minValue={1} maxValue={10} />,
  Select: () => <Select label="Scan type" items={scanTypes} placeholder="Choose a scan type" />,
  ComboBox: () => <ComboBox label="Company" items={companies} placeholder="Type to search" />,
  Checkbox: () => <Checkbox>Email me when a scan finishes</Checkbox>,
  CheckboxGroup: () => (
    <CheckboxGroup label="Notify about" defaultValue={["high"]}>
      <Checkbox value="high">High findings</Checkbox>
      <Checkbox value="tickets">Ticket replies</Checkbox>
    </CheckboxGroup>
  ),
  Radio: () => (
    <RadioGroup label="Frequency" defaultValue="WEEKLY">
      <Radio value="WEEKLY">Weekly</Radio>
      <Radio value="MONTHLY">Monthly</Radio>
    </RadioGroup>
  ),
  RadioGroup: () => (
    <RadioGroup label="Schedule" defaultValue="ONE_TIME_SCAN">
      <Radio value="ONE_TIME_SCAN">Singular Scan</Radio>
      <Radio value="SPECIFIED_SCHEDULLE">Specified Scan</Radio>
      <Radio value="AUTOMATIC_SCHEDULLE">Continuous Scan</Radio>
    </RadioGroup>
  ),
  Switch: () => <Switch defaultSelected>Weekly report</Switch>,
  DatePicker: () => <DatePicker label="Scan date" />,
  OneTimeCodeField: () => <OneTimeCodeField label="Authentication code" />,
  FileDropZone: () => <FileDropZone label="Attachments" acceptedFileTypes={[".pdf", "image/png"]} maxFiles={3} />,
  Label: () => <FieldPartsSample />,
  FieldDescription: () => <FieldDescription>Help text under a control.</FieldDescription>,
  FieldError: () => <Results rows={[["<FieldError>", "Shown by every field while it is invalid (see Label)."]]} />,

  Breadcrumbs: () => (
    <Breadcrumbs
      aria-label="Example breadcrumbs"
      items={[
        { label: "Network", href: paths.network_va.getHref() },
        { label: "Scans", children: [{ label: "Scan 12", href: paths.network_va_detail.getHref({ id: 1 }) }] },
        { label: "Endpoint 4" },
      ]}
    />
  ),
  Tabs: () => <TabsSample />,
  TabList: () => <Results rows={[["<TabList>", "The row of tabs (see Tabs)."]]} />,
  Tab: () => <Results rows={[["<Tab>", "One tab (see Tabs)."]]} />,
  TabPanel: () => <Results rows={[["<TabPanel>", "A tab's content (see Tabs)."]]} />,
  Pagination: () => <PaginationSample />,
  Menu: () => <MenuSample />,
  MenuItem: () => <Results rows={[["<MenuItem>", "An entry, plain or critical (see Menu)."]]} />,
  MenuSeparator: () => <Results rows={[["<MenuSeparator>", "A divider between entries (see Menu)."]]} />,
  MenuTrigger: () => <Results rows={[["<MenuTrigger>", "Opens a menu from a button (see Menu)."]]} />,
  ActionsMenu: () => (
    <ActionsMenu
      aria-label="Actions for INV-7Q2K9X1A"
      items={[
        { id: "edit", label: "Edit", icon: <Pencil size={14} /> },
        { id: "delete", label: "Delete", tone: "critical", icon: <Trash2 size={14} /> },
      ]}
    />
  ),
  MenuButton: () => (
    <MenuButton
      variant="outline"
      items={[
        { id: "csv", label: "CSV" },
        { id: "sarif", label: "SARIF" },
      ]}
      onAction={() => {}}
    >
      Export
    </MenuButton>
  ),
  Popover: () => <Results rows={[["<Popover>", "The floating surface of menus and pickers (see Menu)."]]} />,

  Dialog: () => <DialogSample />,
  Modal: () => <Results rows={[["<Modal>", "The overlay a Dialog opens in (see Dialog)."]]} />,
  DialogTrigger: () => <Results rows={[["<DialogTrigger>", "Opens a dialog from a button (see Dialog)."]]} />,
  Drawer: () => <DrawerSample />,
  Tooltip: () => <TooltipSample />,
  TooltipTrigger: () => <Results rows={[["<TooltipTrigger>", "Shows a tooltip on hover or focus (see Tooltip)."]]} />,
  ToastRegion: () => <ToastSample />,
  toastQueue: () => <Results rows={[["toastQueue.add({ title })", "Queues a toast in the app's region."]]} />,
  createToastQueue: () => <Results rows={[["createToastQueue()", "A separate queue (the sample above uses one)."]]} />,

  PagedTable: () => <PagedTableSample />,
  createPagedTableColumnHelper: () => (
    <Results rows={[["createPagedTableColumnHelper<Row>()", `${ticketColumns.length} columns in the sample above`]]} />
  ),
  pagedTableFeatures: () => <Results rows={[["pagedTableFeatures", tableFeatureNames(pagedTableFeatures)]]} />,
  DataGrid: () => <DataGrid aria-label="Example hosts" columns={hostColumns} rows={hostRows} height={240} />,
  UntrustedText: () => (
    <p>
      Attachment: <UntrustedText>{spoofedName}</UntrustedText>
    </p>
  ),
  createDataGridColumnHelper: () => (
    <Results rows={[["createDataGridColumnHelper<Row>()", `${hostColumns.length} columns in the sample above`]]} />
  ),
  dataGridFeatures: () => <Results rows={[["dataGridFeatures", tableFeatureNames(dataGridFeatures)]]} />,
  preloadDataGrid: () => (
    <Results rows={[["preloadDataGrid()", "Fetches the grid's table code before a DataGrid first draws"]]} />
  ),
  SortIcon: () => (
    <Inline space="medium" alignY="center">
      <SortIcon />
      <SortIcon direction="ascending" />
      <SortIcon direction="descending" />
    </Inline>
  ),

  LineAreaChart: () => (
    <LineAreaChart
      title="Credits by month"
      height={200}
      data={creditByMonth}
      xKey="month"
      xLabel="Month"
      series={[
        { key: "spending", label: "Spending" },
        { key: "topup", label: "Top-up" },
      ]}
    />
  ),
  BarChart: () => (
    <BarChart
      title="Spending by month"
      height={200}
      data={creditByMonth}
      xKey="month"
      xLabel="Month"
      series={[{ key: "spending", label: "Spending" }]}
    />
  ),
  StackedBarChart: () => (
    <StackedBarChart
      title="Spending by company"
      height={200}
      data={spendByService}
      xKey="label"
      xLabel="Company"
      series={[
        { key: "networkva", label: "Network" },
        { key: "web", label: "Application" },
      ]}
    />
  ),
  DonutChart: () => (
    <DonutChart
      title="Findings by severity"
      height={200}
      data={findingsBySeverity}
      labelKey="severity"
      valueKey="count"
      labelHeader="Severity"
      valueHeader="Findings"
    />
  ),

  Sidebar: () => <SidebarSample />,
  SidebarDrawer: () => <SidebarDrawerSample />,
  isNavItemActive: () => (
    <Results
      rows={[
        ['isNavItemActive("/network-va/3", "/network-va")', String(isNavItemActive("/network-va/3", "/network-va"))],
        ['isNavItemActive("/network-vabc", "/network-va")', String(isNavItemActive("/network-vabc", "/network-va"))],
      ]}
    />
  ),
  TopBar: () => (
    <div className={styles.frameBox}>
      <TopBar breadcrumbs={[{ label: "Network", href: paths.network_va.getHref() }]} balance={1250000} />
    </div>
  ),
  UserMenu: () => (
    <UserMenu
      name="Ayu Lestari"
      role="CLIENT_ADMIN"
      settingsHref={paths.profile_account.getHref()}
      privacyHref={paths.privacy_policy.getHref()}
      onLogout={() => {}}
    />
  ),
  ThemeToggle: () => <ThemeToggleSample />,
  ThemeProvider: () => <ThemeProviderSample />,
  useTheme: () => <ThemeReadout label="useTheme() in this app" />,
  createThemeStore: () => (
    <Results
      rows={[
        [
          'createThemeStore({ defaultMode: "dark", storage: null }).getSnapshot().theme',
          createThemeStore({ defaultMode: "dark", storage: null, media: null }).getSnapshot().theme,
        ],
      ]}
    />
  ),
  defaultThemeStorageKey: () => (
    <Results rows={[["defaultThemeStorageKey", <Code key="k">{defaultThemeStorageKey}</Code>]]} />
  ),
  NavigationProvider: () => <NavigationProviderSample />,
};
