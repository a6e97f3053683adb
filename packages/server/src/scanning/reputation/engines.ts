/**
 * The DNS blocklists a threat inspection asks, as data: each engine's zone, whether it lists IP
 * addresses or domains, what its answers mean and where a listing is explained. Return codes are the
 * operators' published ones (Spamhaus's zones table is quoted in the scanner research; the others
 * from each list's own usage page). Zones that closed (SORBS, 2024; abuse.ch's spam lists) or that
 * need a key or a paid feed (Spamhaus DQS, Abusix, Invaluement) are not here.
 *
 * An answer a code map does not name is still a listing (category `listed`): lists add codes over the
 * years, and an answer inside 127.0.0.0/8 is how they say "listed". Two answers never are:
 * 127.255.255.0/24, which Spamhaus (and lists that copied it) use for "refused" (public resolver,
 * typing error, too many queries), and any address outside 127.0.0.0/8 (a resolver that rewrites
 * NXDOMAIN to an advertising page).
 */

export type Category =
  | "spam"
  | "phishing"
  | "malware"
  | "botnet"
  | "exploited"
  | "proxy"
  | "tor"
  | "policy"
  | "abuse"
  | "bruteforce"
  | "backscatter"
  | "suspicious"
  | "new-domain"
  | "listed";

export interface DnsblEngine {
  /** The name shown as the reputation's engine; also the finding fingerprint's engine part. */
  name: string;
  zone: string;
  kind: "ip" | "domain";
  /** Exact answers: a category, `clean` (the list's own "known good" answer) or `error` (a refusal). */
  codes?: Record<string, Category | "clean" | "error">;
  /** Lists that answer a bit mask in the last octet (SURBL, URIBL): each set bit's category. */
  bits?: Record<number, Category>;
  /** Where a listing is explained; `{subject}` is the IP address or domain, URL-encoded. */
  reference: string;
}

const spamhausLookup = "https://check.spamhaus.org/results/?query={subject}";

const ZEN_CODES = {
  "127.0.0.2": "spam",
  "127.0.0.3": "spam",
  "127.0.0.4": "exploited",
  "127.0.0.5": "exploited",
  "127.0.0.6": "exploited",
  "127.0.0.7": "exploited",
  "127.0.0.9": "botnet",
  "127.0.0.10": "policy",
  "127.0.0.11": "policy",
} as const;

const DBL_CODES = {
  "127.0.1.2": "spam",
  "127.0.1.4": "phishing",
  "127.0.1.5": "malware",
  "127.0.1.6": "botnet",
  "127.0.1.102": "suspicious",
  "127.0.1.103": "suspicious",
  "127.0.1.104": "phishing",
  "127.0.1.105": "malware",
  "127.0.1.106": "botnet",
} as const;

/** Listed when the answer is 127.0.0.2, the convention of RFC 5782 and of most single-purpose lists. */
const simple = (
  name: string,
  zone: string,
  kind: "ip" | "domain",
  category: Category,
  reference: string,
): DnsblEngine => ({ name, zone, kind, codes: { "127.0.0.2": category }, reference });

export const DNSBL_ENGINES: readonly DnsblEngine[] = [
  // ---------------------------------------------------------------- IP address lists
  { name: "Spamhaus ZEN", zone: "zen.spamhaus.org", kind: "ip", codes: ZEN_CODES, reference: spamhausLookup },
  {
    name: "Spamhaus SBL",
    zone: "sbl.spamhaus.org",
    kind: "ip",
    codes: { "127.0.0.2": "spam", "127.0.0.3": "spam", "127.0.0.9": "botnet" },
    reference: spamhausLookup,
  },
  {
    name: "Spamhaus XBL",
    zone: "xbl.spamhaus.org",
    kind: "ip",
    codes: { "127.0.0.4": "exploited", "127.0.0.5": "exploited", "127.0.0.6": "exploited", "127.0.0.7": "exploited" },
    reference: spamhausLookup,
  },
  {
    name: "Spamhaus PBL",
    zone: "pbl.spamhaus.org",
    kind: "ip",
    codes: { "127.0.0.10": "policy", "127.0.0.11": "policy" },
    reference: spamhausLookup,
  },
  simple("SpamCop", "bl.spamcop.net", "ip", "spam", "https://www.spamcop.net/w3m?action=checkblock&ip={subject}"),
  simple(
    "Barracuda",
    "b.barracudacentral.org",
    "ip",
    "spam",
    "https://www.barracudacentral.org/lookups/lookup-reputation?ip={subject}",
  ),
  simple("PSBL", "psbl.surriel.com", "ip", "spam", "https://psbl.org/listing?ip={subject}"),
  simple(
    "UCEPROTECT Level 1",
    "dnsbl-1.uceprotect.net",
    "ip",
    "spam",
    "https://www.uceprotect.net/en/rblcheck.php?ipr={subject}",
  ),
  simple(
    "UCEPROTECT Level 2",
    "dnsbl-2.uceprotect.net",
    "ip",
    "spam",
    "https://www.uceprotect.net/en/rblcheck.php?ipr={subject}",
  ),
  simple(
    "UCEPROTECT Level 3",
    "dnsbl-3.uceprotect.net",
    "ip",
    "spam",
    "https://www.uceprotect.net/en/rblcheck.php?ipr={subject}",
  ),
  {
    name: "Mailspike",
    zone: "bl.mailspike.net",
    kind: "ip",
    codes: {
      "127.0.0.2": "spam",
      "127.0.0.10": "spam",
      "127.0.0.11": "spam",
      "127.0.0.12": "suspicious",
      "127.0.0.13": "suspicious",
      "127.0.0.14": "suspicious",
    },
    reference: "https://mailspike.io/ip_verify?ip={subject}",
  },
  {
    name: "DroneBL",
    zone: "dnsbl.dronebl.org",
    kind: "ip",
    codes: {
      "127.0.0.3": "botnet",
      "127.0.0.5": "botnet",
      "127.0.0.6": "botnet",
      "127.0.0.7": "botnet",
      "127.0.0.8": "proxy",
      "127.0.0.9": "proxy",
      "127.0.0.10": "proxy",
      "127.0.0.11": "proxy",
      "127.0.0.12": "abuse",
      "127.0.0.13": "bruteforce",
      "127.0.0.14": "proxy",
      "127.0.0.15": "exploited",
      "127.0.0.16": "exploited",
      "127.0.0.17": "botnet",
      "127.0.0.18": "abuse",
      "127.0.0.19": "proxy",
    },
    reference: "https://dronebl.org/lookup?ip={subject}",
  },
  {
    name: "EFnet RBL",
    zone: "rbl.efnetrbl.org",
    kind: "ip",
    codes: {
      "127.0.0.1": "proxy",
      "127.0.0.2": "spam",
      "127.0.0.3": "spam",
      "127.0.0.4": "tor",
      "127.0.0.5": "botnet",
    },
    reference: "https://rbl.efnetrbl.org/?i={subject}",
  },
  {
    name: "Tor exit nodes (dan.me.uk)",
    zone: "torexit.dan.me.uk",
    kind: "ip",
    codes: { "127.0.0.100": "tor" },
    reference: "https://www.dan.me.uk/dnsbl",
  },
  simple("blocklist.de", "bl.blocklist.de", "ip", "bruteforce", "https://www.blocklist.de/en/view.html?ip={subject}"),
  simple("JustSpam", "dnsbl.justspam.org", "ip", "spam", "https://www.justspam.org/check-an-ip?ip={subject}"),
  simple("Nordspam", "bl.nordspam.com", "ip", "spam", "https://www.nordspam.com/lookup/?ip={subject}"),
  {
    name: "SpamRATS",
    zone: "all.spamrats.com",
    kind: "ip",
    codes: { "127.0.0.36": "policy", "127.0.0.37": "policy", "127.0.0.38": "spam", "127.0.0.43": "bruteforce" },
    reference: "https://www.spamrats.com/lookup.php?ip={subject}",
  },
  simple("Backscatterer", "ips.backscatterer.org", "ip", "backscatter", "https://www.backscatterer.org/?ip={subject}"),
  simple("GBUdb Truncate", "truncate.gbudb.net", "ip", "spam", "https://www.gbudb.com/truncate/"),
  simple("InterServer", "rbl.interserver.net", "ip", "abuse", "https://rbl.interserver.net/ip.php?ip={subject}"),
  {
    name: "Hostkarma",
    zone: "hostkarma.junkemailfilter.com",
    kind: "ip",
    codes: {
      "127.0.0.1": "clean",
      "127.0.0.2": "spam",
      "127.0.0.3": "clean",
      "127.0.0.4": "suspicious",
      "127.0.0.5": "clean",
    },
    reference: "https://wiki.junkemailfilter.com/index.php/Spam_DNS_Lists",
  },
  simple(
    "Spam Eating Monkey",
    "bl.spameatingmonkey.net",
    "ip",
    "spam",
    "https://spameatingmonkey.com/lookup/{subject}",
  ),
  simple(
    "Spam Eating Monkey Backscatter",
    "backscatter.spameatingmonkey.net",
    "ip",
    "backscatter",
    "https://spameatingmonkey.com/lookup/{subject}",
  ),
  simple("0spam", "bl.0spam.org", "ip", "spam", "https://0spam.org/"),
  simple("Suomispam", "bl.suomispam.net", "ip", "spam", "https://suomispam.net/"),
  simple("LashBack UBL", "ubl.unsubscore.com", "ip", "spam", "https://blacklist.lashback.com/?ipAddress={subject}"),
  {
    name: "SPFBL",
    zone: "dnsbl.spfbl.net",
    kind: "ip",
    codes: { "127.0.0.2": "spam", "127.0.0.3": "suspicious", "127.0.0.4": "policy" },
    reference: "https://spfbl.net/en/dnsbl/",
  },
  simple("Anonmails", "spam.dnsbl.anonmails.de", "ip", "spam", "https://anonmails.de/dnsbl.php"),
  simple("INPS", "dnsbl.inps.de", "ip", "spam", "https://dnsbl.inps.de/query.cgi?action=check&ip={subject}"),
  simple("s5h.net", "all.s5h.net", "ip", "spam", "https://www.usenix.org.uk/content/rbl.html"),

  // ---------------------------------------------------------------- domain lists
  { name: "Spamhaus DBL", zone: "dbl.spamhaus.org", kind: "domain", codes: DBL_CODES, reference: spamhausLookup },
  {
    name: "Spamhaus ZRD",
    zone: "zrd.spamhaus.org",
    kind: "domain",
    // 127.0.2.2 to 127.0.2.24: first seen that many hours ago; any of them is a newly observed domain.
    codes: Object.fromEntries(Array.from({ length: 23 }, (_, i) => [`127.0.2.${i + 2}`, "new-domain" as const])),
    reference: spamhausLookup,
  },
  {
    name: "SURBL",
    zone: "multi.surbl.org",
    kind: "domain",
    bits: { 8: "phishing", 16: "malware", 64: "abuse", 128: "exploited" },
    reference: "https://www.surbl.org/surbl-analysis?d={subject}",
  },
  {
    name: "URIBL",
    zone: "multi.uribl.com",
    kind: "domain",
    // 127.0.0.1 is URIBL's "query refused" (a public or high-volume resolver), not a listing.
    codes: { "127.0.0.1": "error" },
    bits: { 2: "spam", 4: "suspicious", 8: "spam" },
    reference: "https://admin.uribl.com/?section=lookup&domain={subject}",
  },
  {
    name: "URIBL Black",
    zone: "black.uribl.com",
    kind: "domain",
    codes: { "127.0.0.1": "error", "127.0.0.2": "spam" },
    reference: "https://admin.uribl.com/?section=lookup&domain={subject}",
  },
  {
    name: "URIBL Grey",
    zone: "grey.uribl.com",
    kind: "domain",
    codes: { "127.0.0.1": "error", "127.0.0.4": "suspicious" },
    reference: "https://admin.uribl.com/?section=lookup&domain={subject}",
  },
  {
    name: "URIBL Red",
    zone: "red.uribl.com",
    kind: "domain",
    codes: { "127.0.0.1": "error", "127.0.0.8": "spam" },
    reference: "https://admin.uribl.com/?section=lookup&domain={subject}",
  },
  simple("Nordspam DBL", "dbl.nordspam.com", "domain", "spam", "https://www.nordspam.com/lookup/?domain={subject}"),
  simple("Suomispam DBL", "dbl.suomispam.net", "domain", "spam", "https://suomispam.net/"),
  simple(
    "Spam Eating Monkey URIBL",
    "uribl.spameatingmonkey.net",
    "domain",
    "spam",
    "https://spameatingmonkey.com/lookup/{subject}",
  ),
  simple(
    "Spam Eating Monkey URIRED",
    "urired.spameatingmonkey.net",
    "domain",
    "suspicious",
    "https://spameatingmonkey.com/lookup/{subject}",
  ),
  simple(
    "Spam Eating Monkey Fresh",
    "fresh.spameatingmonkey.net",
    "domain",
    "new-domain",
    "https://spameatingmonkey.com/lookup/{subject}",
  ),
  simple("0spam URL", "url.0spam.org", "domain", "spam", "https://0spam.org/"),
  {
    name: "SPFBL DNSBL",
    zone: "dnsbl.spfbl.net",
    kind: "domain",
    codes: { "127.0.0.2": "spam", "127.0.0.3": "suspicious", "127.0.0.4": "policy" },
    reference: "https://spfbl.net/en/dnsbl/",
  },
  {
    name: "Hostkarma RHSBL",
    zone: "hostkarma.junkemailfilter.com",
    kind: "domain",
    codes: {
      "127.0.0.1": "clean",
      "127.0.0.2": "spam",
      "127.0.0.3": "clean",
      "127.0.0.4": "suspicious",
      "127.0.0.5": "clean",
    },
    reference: "https://wiki.junkemailfilter.com/index.php/Spam_DNS_Lists",
  },
];

/** The list's version, stored with each run: which engines (and codes) a reputation came from. */
export const ENGINE_LIST_VERSION = "2026.11-1";
