/** Fixed lists the seed draws from. Domains are reserved (RFC 2606 / RFC 6761) so none can resolve. */

export const FIRST_NAMES = [
  "Ayu",
  "Budi",
  "Sofia",
  "Liam",
  "Hana",
  "Dimas",
  "Priya",
  "Lucas",
  "Aisha",
  "Eko",
  "Mei",
  "Oliver",
  "Fitri",
  "Daniel",
  "Intan",
  "Kenji",
  "Chloe",
  "Rafael",
  "Nur",
  "Agus",
  "Elena",
  "Arjun",
  "Nadia",
  "Samuel",
  "Yuki",
  "Putri",
  "Omar",
  "Wulan",
  "Diego",
  "Sari",
  "Henrik",
  "Ana",
  "Bayu",
  "Charlotte",
  "Ravi",
  "Grace",
  "Hendra",
  "Lucia",
  "Jonas",
  "Rina",
  "Sebastian",
  "Aiko",
  "Martin",
  "Dewi",
  "Fajar",
  "Rania",
  "Bruno",
  "Indah",
] as const;

export const LAST_NAMES = [
  "Hughes",
  "Santoso",
  "Lindqvist",
  "Wibowo",
  "Tanaka",
  "Fernandes",
  "Hidayat",
  "Nguyen",
  "Haddad",
  "Schmidt",
  "Patel",
  "Kusuma",
  "Tan",
  "Setiawan",
  "Lim",
  "Saputra",
  "Brennan",
  "Kim",
  "Nugroho",
  "Dubois",
  "Van der Berg",
  "Siregar",
  "Halim",
  "Gunawan",
  "Nakamura",
  "Wijaya",
  "Larsen",
  "Hartono",
  "Sato",
  "Müller",
  "Rahman",
  "Walsh",
  "Kaur",
  "Susanto",
  "Simanjuntak",
  "Lee",
] as const;

/** Two named colleagues of the demo company (their e-mail addresses are fixed: layla@, noa@). */
export const NAMED_PEOPLE = [
  { first_name: "Layla", last_name: "Haddad" },
  { first_name: "Noa", last_name: "Cohen" },
] as const;

export interface CompanySeed {
  name: string;
  domain: string;
  description: string | null;
  /** Relative size of the company's data: the demo company gets enough rows for every list to page. */
  size: "large" | "small";
}

export const COMPANIES: readonly CompanySeed[] = [
  {
    name: "Northwind Logistics",
    domain: "northwind.example",
    description: "Freight forwarding and warehousing across 14 countries.",
    size: "large",
  },
  {
    name: "Bluebird Health",
    domain: "bluebird-health.example",
    description: "Regional hospital group with patient portal and telehealth services.",
    size: "small",
  },
  {
    name: "Bank Nusantara Digital",
    domain: "nusantara-digital.example",
    description: "Retail banking and payments for small businesses in Java and Bali.",
    size: "small",
  },
  {
    name: "Sumber Rejeki Retail",
    domain: "sumber-rejeki.example",
    description: "Omnichannel grocery retailer with 120 stores across Java.",
    size: "small",
  },
  {
    name: "Samudra Energi",
    domain: "samudra-energi.test",
    description: null,
    size: "small",
  },
  {
    name: "Kilat Telekomunikasi",
    domain: "kilat-telco.example",
    description: "Mobile and fibre operator serving Jakarta, Surabaya and Medan.",
    size: "small",
  },
  {
    name: "Kestrel Aerospace",
    domain: "kestrel-aero.example",
    description: "Aircraft component manufacturing and maintenance.",
    size: "small",
  },
];

export const PRODUCT_PREFIXES = [
  "Customer",
  "Partner",
  "Payments",
  "Fleet",
  "Warehouse",
  "Billing",
  "Identity",
  "Analytics",
  "Mobile",
  "Supplier",
  "Tracking",
  "Claims",
  "Booking",
  "Inventory",
  "Loyalty",
  "Support",
] as const;

export const PRODUCT_SUFFIXES = ["Portal", "API", "Platform", "Gateway", "Hub", "Service", "Console", "App"] as const;

export const REPO_NAMES = [
  "web-frontend",
  "orders-service",
  "payments-api",
  "identity-provider",
  "mobile-app",
  "data-pipeline",
  "infra-terraform",
  "notifications",
  "search-indexer",
  "admin-console",
  "billing-engine",
  "reporting",
  "customer-portal",
  "shipping-rates",
  "inventory-sync",
  "auth-gateway",
  "partner-sdk",
  "docs-site",
] as const;

export const BRANCHES = ["main", "develop", "release/2026.11", "feature/checkout-v2", "hotfix/tls-config"] as const;

export const WEB_APP_NAMES = [
  "Customer Portal",
  "Partner Extranet",
  "Careers Site",
  "Marketing Site",
  "Status Page",
  "Admin Console",
  "Help Center",
  "Checkout",
  "Driver App Backend",
  "Supplier Portal",
  "Investor Relations",
  "Booking Widget",
] as const;

export const SUBDOMAIN_WORDS = [
  "www",
  "api",
  "mail",
  "vpn",
  "portal",
  "cdn",
  "dev",
  "staging",
  "intranet",
  "sso",
  "shop",
  "status",
  "docs",
  "git",
  "ftp",
  "remote",
  "files",
  "monitor",
  "crm",
  "hr",
] as const;

export const COUNTRIES = [
  { country: "Indonesia", country_code: "ID" },
  { country: "Singapore", country_code: "SG" },
  { country: "Germany", country_code: "DE" },
  { country: "United States", country_code: "US" },
  { country: "Netherlands", country_code: "NL" },
  { country: "Japan", country_code: "JP" },
  { country: "Australia", country_code: "AU" },
  { country: "Brazil", country_code: "BR" },
  { country: "United Kingdom", country_code: "GB" },
  { country: "India", country_code: "IN" },
] as const;

/** About 50 blocklist engines a threat inspection checks domains and endpoints against. */
export const ENGINES = [
  "Spamhaus",
  "SURBL",
  "AbuseIPDB",
  "PhishTank",
  "URLhaus",
  "OpenPhish",
  "SpamCop",
  "Barracuda",
  "SORBS",
  "UCEPROTECT",
  "ThreatFox",
  "Feodo Tracker",
  "CINS Army",
  "Emerging Threats",
  "Blocklist.de",
  "DShield",
  "Talos Intelligence",
  "AlienVault OTX",
  "Safe Browsing",
  "Quad9",
  "CleanTalk",
  "NiX Spam",
  "Mailspike",
  "Invaluement",
  "PSBL",
  "JustSpam",
  "DroneBL",
  "Hostkarma",
  "Backscatterer",
  "SpamRATS",
  "Lashback",
  "Manitu",
  "WPBL",
  "IPsum",
  "GreenSnow",
  "Botvrij",
  "Bambenek",
  "Spam404",
  "Phishing Army",
  "CyberCrime Tracker",
  "StopForumSpam",
  "ZeroDot1",
  "Darklist",
  "Interserver",
  "SpamEatingMonkey",
  "Threatlog",
  "Nordspam",
  "Suomispam",
  "s5h",
  "Abusix",
] as const;

export const TICKET_SUBJECTS: Record<string, readonly string[]> = {
  BUG: [
    "Scan results page does not load",
    "Export to PDF cuts off findings table",
    "Dashboard chart shows wrong month",
    "Finding status change not saved",
  ],
  PAYMENT: ["Top-up credit request", "Invoice not marked as paid", "Bank transfer receipt uploaded"],
  REFUND: ["Refund for cancelled network scan", "Duplicate charge on invoice", "Credits spent on failed scan"],
  FEATURE: ["Schedule scans on weekends only", "Add Slack notifications", "Allow CSV export of assets"],
  ACCOUNT: ["Add a new admin to our company", "Reset two-factor authentication", "Change company e-mail address"],
  OTHER: ["Question about threat inspection engines", "Meeting request for quarterly review", "Scan window change"],
};

/**
 * The demo admin's top-up request, as it went: days before now, the time of day, the side and what was
 * said. The client pays by transfer, the transfer arrives without its reference, and on the last
 * morning the credits are still not on the balance, so the ticket waits for staff.
 */
export const LONG_TICKET_THREAD: ReadonlyArray<{
  daysAgo: number;
  time: string;
  side: "client" | "staff";
  message: string;
  attach?: string;
}> = [
  {
    daysAgo: 4,
    time: "09:07",
    side: "client",
    message: "These are for threat inspection: we are adding the new staging hosts to next week's inspection.",
  },
  {
    daysAgo: 4,
    time: "09:48",
    side: "staff",
    message:
      "Thanks, Hannah. The invoice for 500 credits is in the ticket details. Please use the invoice number as the transfer reference so finance can match it.",
  },
  {
    daysAgo: 3,
    time: "14:18",
    side: "client",
    message: "Transfer sent this afternoon, with the invoice number as the reference. The bank receipt is attached.",
    attach: "bank-receipt.pdf",
  },
  {
    daysAgo: 3,
    time: "16:05",
    side: "staff",
    message:
      "Received, thank you. Transfers usually clear within one working day; I will confirm here once finance has matched it.",
  },
  {
    daysAgo: 2,
    time: "10:41",
    side: "client",
    message: "Any news? Our balance still shows the same amount, and the inspection is booked for Monday.",
  },
  {
    daysAgo: 2,
    time: "11:20",
    side: "staff",
    message:
      "Finance has the transfer, but it arrived without the reference, so it is waiting to be matched by hand. I have asked them to prioritise it.",
  },
  {
    daysAgo: 2,
    time: "11:34",
    side: "client",
    message: "Sorry about that, our bank must have dropped the reference. Do you need anything else from us?",
  },
  {
    daysAgo: 2,
    time: "13:02",
    side: "staff",
    message: "No, the receipt you attached is enough. They expect to match it tomorrow morning.",
  },
  {
    daysAgo: 1,
    time: "15:47",
    side: "staff",
    message:
      "The transfer is matched. The credits are posted in tonight's run and will show on your balance tomorrow; the finance confirmation is attached.",
    attach: "payment-confirmation.pdf",
  },
  {
    daysAgo: 1,
    time: "16:02",
    side: "client",
    message: "Great, thank you for chasing it.",
  },
  {
    daysAgo: 0,
    time: "08:12",
    side: "client",
    message:
      "The credits are still not on our balance this morning. Could you check whether last night's run picked them up?",
  },
];

export const TICKET_MESSAGES = {
  client: [
    "Hello, could you take a look at this? It started this morning.",
    "Attached is a screenshot of what we see.",
    "Thanks, we will try that and get back to you.",
    "This is still happening after the update.",
    "Great, that fixed it for us. Thank you!",
    "The exported PDF shows question marks where the finding names should be.",
    "It happens for every report we export from the network scans page.",
    "Our auditors need the report by Friday, so this is fairly urgent for us.",
    "We tried Chrome and Firefox on two different laptops; same result.",
    "The request ID shown on the error page was 7f3c9a21-52d4-4e0b-9c1e-0b8d6a4f2e17.",
    "The report link we shared with the auditors is in the attached screenshot.",
  ],
  staff: [
    "Thanks for reaching out. We are looking into it.",
    "Could you share the scan id and the time you started it?",
    "We have deployed a fix; please refresh and try again.",
    "The credits have been added to your balance.",
    "Closing this ticket now. Feel free to reopen if needed.",
  ],
} as const;
