// A Git server over https for the tests that clone a repository the way a client's is cloned (the
// asset rules take https and ssh clone URLs only): git's own smart HTTP backend (`git http-backend`,
// run once a request as its CGI), behind Node's https server, with a certificate that a certificate
// authority made here signed. A worker trusts that authority through SCAN_GIT_CA_FILE, as a
// deployment trusts the internal authority of a company's own Git server.
import { execFileSync, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";

/** The files `gitCertificates` writes: the authority's certificate, and the server's key and certificate. */
export interface GitCertificates {
  caFile: string;
  keyFile: string;
  certFile: string;
}

/**
 * A certificate authority, and a server certificate it signed for `address` (an IP address, as the
 * certificate's subject alternative name), written into `dir`. ECDSA P-256 keys: made at once.
 */
export function gitCertificates(dir: string, address: string): GitCertificates {
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
  const key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  openssl(
    "req",
    "-x509",
    ...key,
    "-keyout",
    file("ca.key"),
    "-out",
    file("ca.pem"),
    "-days",
    "7",
    "-subj",
    "/CN=Sentinel test Git authority",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  );
  openssl("req", ...key, "-keyout", file("server.key"), "-out", file("server.csr"), "-subj", `/CN=${address}`);
  writeFileSync(
    file("server.ext"),
    `subjectAltName=IP:${address}\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n`,
  );
  openssl(
    "x509",
    "-req",
    "-in",
    file("server.csr"),
    "-CA",
    file("ca.pem"),
    "-CAkey",
    file("ca.key"),
    "-CAcreateserial",
    "-out",
    file("server.pem"),
    "-days",
    "7",
    "-extfile",
    file("server.ext"),
  );
  return { caFile: file("ca.pem"), keyFile: file("server.key"), certFile: file("server.pem") };
}

export interface GitHttpsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Serves the repositories under `root` (`https://<address>:<port>/<path under root>`), read only, on
 * `address`; `port` 0 takes any free one.
 */
export async function startGitHttpsServer(options: {
  root: string;
  address: string;
  port?: number;
  key: Buffer;
  cert: Buffer;
}): Promise<GitHttpsServer> {
  const server = https.createServer({ key: options.key, cert: options.cert }, (req, res) => {
    const url = new URL(req.url ?? "/", "https://git.test");
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === "string" ? value : "";
    };
    const backend = spawn("git", ["http-backend"], {
      stdio: ["pipe", "pipe", "ignore"],
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        GIT_CONFIG_NOSYSTEM: "1",
        GIT_CONFIG_GLOBAL: "/dev/null",
        GIT_PROJECT_ROOT: options.root,
        GIT_HTTP_EXPORT_ALL: "1",
        REQUEST_METHOD: req.method ?? "GET",
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: header("content-type"),
        ...(header("content-length") ? { CONTENT_LENGTH: header("content-length") } : {}),
        HTTP_CONTENT_ENCODING: header("content-encoding"),
        GIT_PROTOCOL: header("git-protocol"),
        REMOTE_ADDR: req.socket.remoteAddress ?? "",
      },
    });
    req.pipe(backend.stdin);
    backend.stdin.on("error", () => {});
    // The CGI's answer: header lines up to a blank line ("Status: 404 Not Found" among them), then the body.
    let head = Buffer.alloc(0);
    let started = false;
    backend.stdout.on("data", (chunk: Buffer) => {
      if (started) {
        res.write(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const text = head.toString("latin1");
      const end = /\r?\n\r?\n/.exec(text);
      if (!end) return;
      started = true;
      let status = 200;
      for (const line of text.slice(0, end.index).split(/\r?\n/)) {
        const colon = line.indexOf(":");
        if (colon < 0) continue;
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === "status") status = Number.parseInt(value, 10) || 500;
        else res.setHeader(name, value);
      }
      res.writeHead(status);
      res.write(head.subarray(end.index + end[0].length));
    });
    backend.on("close", (code) => {
      if (!started) res.writeHead(code === 0 ? 200 : 500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.address, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
