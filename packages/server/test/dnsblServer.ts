import { createSocket } from "node:dgram";
import type { AddressInfo } from "node:net";

/** How the loopback DNS server answers one name: A records, an error code, or silence. */
export type DnsAnswer = { a: string[] } | { rcode: "NXDOMAIN" | "SERVFAIL" } | "drop";

const RCODE = { NXDOMAIN: 3, SERVFAIL: 2 } as const;

/**
 * A minimal DNS server over UDP on 127.0.0.1 (a free port) for the reputation tests: it reads the
 * question and answers what `answer` says for the name, so tests serve RFC 5782 test points, a
 * refusal code and a list that never answers, with no network. Counts the queries it received.
 */
export async function startDnsServer(answer: (name: string) => DnsAnswer) {
  const socket = createSocket("udp4");
  const queries: string[] = [];
  socket.on("message", (message, remote) => {
    if (message.length < 12) return;
    const labels: string[] = [];
    let at = 12;
    while (at < message.length && message[at] !== 0) {
      const length = message[at] ?? 0;
      labels.push(message.subarray(at + 1, at + 1 + length).toString("latin1"));
      at += length + 1;
    }
    const questionEnd = at + 5;
    const qtype = message.readUInt16BE(at + 1);
    const name = labels.join(".").toLowerCase();
    queries.push(name);
    const result = answer(name);
    if (result === "drop") return;
    const records = "a" in result && qtype === 1 ? result.a : [];
    const rcode = "rcode" in result ? RCODE[result.rcode] : 0;
    const header = Buffer.alloc(12);
    message.copy(header, 0, 0, 2);
    header.writeUInt16BE(0x8180 | rcode, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(records.length, 6);
    const answers = records.map((ip) => {
      const record = Buffer.alloc(16);
      record.writeUInt16BE(0xc00c, 0);
      record.writeUInt16BE(1, 2);
      record.writeUInt16BE(1, 4);
      record.writeUInt32BE(60, 6);
      record.writeUInt16BE(4, 10);
      ip.split(".").forEach((octet, i) => {
        record[12 + i] = Number(octet);
      });
      return record;
    });
    socket.send(Buffer.concat([header, message.subarray(12, questionEnd), ...answers]), remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
