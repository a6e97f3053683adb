import dgram from "node:dgram";
import net from "node:net";
import dnsPacket, { type Answer, type Packet } from "dns-packet";

/**
 * An authoritative name server for one zone, on a loopback address, for tests that run dnsrecon:
 * UDP and TCP on port 53 (dnsrecon has no port option, and it tries zone transfers only on a server
 * whose TCP port 53 is open), answers from the zone's records, and a zone transfer to anyone when
 * `axfr` is set (the misconfiguration the scan reports).
 */
export interface Zone {
  /** The zone's apex, lower case, no trailing dot. */
  origin: string;
  /** Relative names ("www", "@" for the apex) and their A records. */
  a: Record<string, string[]>;
  /** The address the server's own name (ns1.<origin>) resolves to: the address it listens on. */
  address: string;
  axfr: boolean;
}

export interface DnsServer {
  zone: Zone;
  close(): Promise<void>;
}

const TTL = 300;

/** Response codes, carried in the low four bits of the header's flags. */
const RCODE = { NOERROR: 0, FORMERR: 1, NXDOMAIN: 3, REFUSED: 5 } as const;

function records(zone: Zone): { soa: Answer; rest: Answer[] } {
  const fqdn = (name: string) => (name === "@" ? zone.origin : `${name}.${zone.origin}`);
  const ns = `ns1.${zone.origin}`;
  const soa: Answer = {
    type: "SOA",
    name: zone.origin,
    ttl: TTL,
    data: {
      mname: ns,
      rname: `hostmaster.${zone.origin}`,
      serial: 2026113001,
      refresh: 3600,
      retry: 600,
      expire: 604800,
      minimum: 300,
    },
  };
  const rest: Answer[] = [
    { type: "NS", name: zone.origin, ttl: TTL, data: ns },
    { type: "A", name: ns, ttl: TTL, data: zone.address },
  ];
  for (const [name, addresses] of Object.entries(zone.a)) {
    for (const address of addresses) rest.push({ type: "A", name: fqdn(name), ttl: TTL, data: address });
  }
  return { soa, rest };
}

function answer(zone: Zone, query: Packet, tcp: boolean): Packet[] {
  const question = query.questions?.[0];
  const base = { id: query.id, type: "response" as const, questions: query.questions ?? [] };
  if (!question) return [{ ...base, flags: dnsPacket.AUTHORITATIVE_ANSWER | RCODE.FORMERR }];
  const name = question.name.toLowerCase().replace(/\.$/, "");
  const { soa, rest } = records(zone);
  const inZone = name === zone.origin || name.endsWith(`.${zone.origin}`);
  if (!inZone) {
    // Not ours, and no recursion: refused, as an authoritative-only server answers.
    return [{ ...base, flags: RCODE.REFUSED }];
  }
  if (question.type === "AXFR") {
    if (!tcp || !zone.axfr || name !== zone.origin) return [{ ...base, flags: RCODE.REFUSED }];
    return [{ ...base, flags: dnsPacket.AUTHORITATIVE_ANSWER, answers: [soa, ...rest, soa] }];
  }
  const all = [soa, ...rest];
  const matching = all.filter(
    (r) => r.name === name && (r.type === question.type || (question.type as string) === "ANY"),
  );
  const exists = all.some((r) => r.name === name);
  return [
    {
      ...base,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | (exists ? RCODE.NOERROR : RCODE.NXDOMAIN),
      answers: matching,
      authorities: matching.length === 0 ? [soa] : [],
    },
  ];
}

/** Starts the server on `zone.address`, port 53 (the tests run as root). */
export async function startDnsServer(zone: Zone): Promise<DnsServer> {
  const udp = dgram.createSocket("udp4");
  udp.on("message", (message, peer) => {
    let query: Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    for (const response of answer(zone, query, false)) {
      udp.send(dnsPacket.encode(response), peer.port, peer.address);
    }
  });
  const tcp = net.createServer((socket) => {
    let buffered = Buffer.alloc(0);
    socket.on("data", (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 2) {
        const length = buffered.readUInt16BE(0);
        if (buffered.length < 2 + length) return;
        const message = buffered.subarray(2, 2 + length);
        buffered = buffered.subarray(2 + length);
        let query: Packet;
        try {
          query = dnsPacket.decode(message);
        } catch {
          socket.destroy();
          return;
        }
        for (const response of answer(zone, query, true)) socket.write(dnsPacket.streamEncode(response));
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve, reject) => {
    udp.once("error", reject);
    udp.bind(53, zone.address, () => resolve());
  });
  await new Promise<void>((resolve, reject) => {
    tcp.once("error", reject);
    tcp.listen(53, zone.address, () => resolve());
  });
  return {
    zone,
    async close() {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}
