import type { ParsedFinding, ReportParser, ReportTool } from "../report.ts";
import { makeFinding } from "./finding.ts";
import { toolFingerprint, urlShape } from "./fingerprint.ts";
import { asArray, asObject, asString, type JsonObject, jsonEvents, pathIs } from "./jsonStream.ts";
import { cweId, htmlToText, limits, referenceList, textOrNull } from "./limits.ts";
import { zapSeverity } from "./severity.ts";
import { sniffers } from "./sniff.ts";

/**
 * ZAP's "traditional JSON" report: site[].alerts[], each alert with its instances. One finding per
 * instance, because each is a different URL, method and parameter. ZAP writes desc, solution,
 * otherinfo and reference as HTML; they become plain text here.
 */

const html = (value: string | null) => (value ? htmlToText(value) : null);

function location(uri: string | null, siteName: string | null) {
  try {
    const url = new URL(uri ?? siteName ?? "");
    const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : url.protocol === "http:" ? 80 : null;
    return { host: url.hostname.replace(/^\[|\]$/g, ""), port };
  } catch {
    return { host: null, port: null };
  }
}

function alertFindings(alert: JsonObject, siteName: string | null): ParsedFinding[] {
  // Confidence 0 is ZAP's "False Positive", set by a person in ZAP.
  if (asString(alert.confidence) === "0") return [];
  const pluginId = asString(alert.pluginid) ?? asString(alert.alertRef) ?? "";
  // alertRef is the plugin id with a variant ("10020-1" X-Frame-Options missing, "10020-2" set twice):
  // two variants on one URL are two findings. Reports before ZAP 2.11 have only the plugin id.
  const alertRef = asString(alert.alertRef) ?? pluginId;
  const name = asString(alert.name) ?? asString(alert.alert) ?? pluginId;
  const description = html(asString(alert.desc)) ?? "";
  const solution = html(asString(alert.solution));
  const otherInfo = html(asString(alert.otherinfo));
  const references = referenceList(
    (html(asString(alert.reference)) ?? "").split(/\s+/).filter((r) => /^https?:/i.test(r)),
  );
  const cwe = cweId(asString(alert.cweid));
  const instances = asArray(alert.instances).map(asObject);
  const places = instances.length ? instances : [asObject(null)];
  return places.map((instance) => {
    const uri = asString(instance.uri) ?? siteName;
    const method = asString(instance.method)?.toUpperCase() || null;
    const parameter = asString(instance.param) || null;
    const { host, port } = location(uri, siteName);
    const attack = asString(instance.attack);
    const evidence = [
      textOrNull(instance.evidence, limits.evidence),
      attack ? `Attack: ${attack}` : null,
      html(asString(instance.otherinfo)) ?? otherInfo,
    ].filter(Boolean);
    return makeFinding({
      fingerprint: toolFingerprint("zap", alertRef, method, uri ? urlShape(uri) : "", parameter),
      tool: "ZAP",
      ruleId: pluginId,
      name,
      severity: zapSeverity(alert.riskcode),
      description,
      mitigation: solution,
      cwe,
      references,
      host,
      port,
      protocol: port === null ? null : "tcp",
      url: uri,
      method,
      parameter,
      evidence: evidence.join("\n\n"),
    });
  });
}

export const zapJsonParser: ReportParser = {
  format: "zap-json",
  version: 1,
  sniff: sniffers["zap-json"],
  async *parse(input) {
    const tool: ReportTool = { name: "ZAP", version: null };
    let siteName: string | null = null;
    const isAlert = (path: readonly (string | number)[]) => pathIs(path, ["site", "*", "alerts", "*"]);
    const events = jsonEvents(input, "zap-json", isAlert, () => "an alert");
    for await (const batch of events) {
      for (const event of batch) {
        if (event.kind === "scalar") {
          if (pathIs(event.path, ["@version"])) tool.version = asString(event.value);
          else if (pathIs(event.path, ["site", "*", "@name"])) siteName = asString(event.value);
        } else if (isAlert(event.path)) {
          yield* alertFindings(asObject(event.value), siteName);
        }
      }
    }
    return tool;
  },
};
