import type { Finding } from "@sentinel/api-client";
import {
  DescriptionList,
  formatPercent,
  Heading,
  Inline,
  SeverityBadge,
  Stack,
  StatusBadge,
  UntrustedText,
} from "@sentinel/ui";
import type { ReactNode } from "react";
import type { StatusChangeRequest } from "./api/findingQueries.ts";
import { CodeSnippet } from "./CodeSnippet.tsx";
import { DueDate } from "./DueDate.tsx";
import { FindingChangeBadge } from "./FindingChangeBadge.tsx";
import * as styles from "./FindingDetail.css.ts";
import { FindingReferences } from "./FindingReferences.tsx";
import { FindingStatusChange } from "./FindingStatusChange.tsx";
import { FindingTimeline } from "./FindingTimeline.tsx";
import { formatPort, formatScore } from "./labels.ts";

export interface FindingDetailProps {
  finding: Finding;
  /**
   * Shows the status change form; resolve when the change is saved, reject with the `ApiError`.
   * Usually `(change) => mutation.mutateAsync(change)` of `useFindingStatusMutation`.
   */
  onStatusChange?: (change: StatusChangeRequest) => Promise<unknown>;
  /** Why this viewer may not change the status (a member); shown where the form would be. */
  statusRefusal?: string;
  /** The assignee picker (issue 28), for viewers who may assign; others read the assignee in the details. */
  assigneeControl?: ReactNode;
  /**
   * Level of the section headings, one below the heading that names the finding
   * (3 under a drawer's h2 title, 2 under a page's h1).
   * @default 3
   */
  headingLevel?: 2 | 3 | 4;
  /** Extra fields an area knows about (e.g. source code evidence and branch), shown after the text sections. */
  children?: ReactNode;
}

const notProvided = "—";

function Section({ title, level, children }: { title: string; level: 2 | 3 | 4; children: ReactNode }) {
  return (
    <Stack as="section" space="small">
      <Heading level={3} as={`h${level}`}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function Prose({ text }: { text: string | null | undefined }) {
  return text?.trim() ? (
    <p className={styles.prose}>
      <UntrustedText>{text}</UntrustedText>
    </p>
  ) : (
    <p className={styles.missing}>Not provided.</p>
  );
}

function Mono({ value }: { value: string | null | undefined }) {
  return value ? (
    <span className={styles.mono}>
      <UntrustedText>{value}</UntrustedText>
    </span>
  ) : (
    notProvided
  );
}

function cvss(score: number | null, vector: string | null): ReactNode {
  const formatted = formatScore(score);
  if (!formatted && !vector) return notProvided;
  return (
    <>
      {formatted ? <strong>{formatted}</strong> : null}
      {formatted && vector ? " " : null}
      {vector ? (
        <span className={styles.mono}>
          <UntrustedText>{vector}</UntrustedText>
        </span>
      ) : null}
    </>
  );
}

/**
 * Every field of a finding, its status history and (optionally) the status change form. All text
 * is rendered as React text: scanned targets control it. Shared by network, source code, web
 * application and threat inspection.
 */
export function FindingDetail({
  finding,
  onStatusChange,
  statusRefusal,
  assigneeControl,
  headingLevel = 3,
  children,
}: FindingDetailProps) {
  const port = formatPort(finding.port);
  const details = [
    { term: "Severity", description: <SeverityBadge severity={finding.severity} /> },
    { term: "Status", description: <StatusBadge kind="finding" status={finding.status} /> },
    // Against the target's previous completed scan; findings no scan has placed have no change.
    ...(finding.change
      ? [{ term: "Since last scan", description: <FindingChangeBadge change={finding.change} /> }]
      : []),
    // The earlier scan's finding this one continues: its history (and the triage it carried) is there.
    ...(finding.previous_id ? [{ term: "Continues", description: `Finding #${finding.previous_id}` }] : []),
    {
      term: "Assignee",
      description: finding.assignee ? <UntrustedText>{finding.assignee.fullname}</UntrustedText> : "Unassigned",
    },
    { term: "Due", description: <DueDate finding={finding} /> },
    { term: "CVSS v3", description: cvss(finding.cvss3_score, finding.cvss3) },
    { term: "CVSS v2", description: cvss(finding.cvss2_score, finding.cvss2) },
    { term: "CWE", description: <Mono value={finding.cwe} /> },
    { term: "CVE", description: <Mono value={finding.cve} /> },
    { term: "Quality of detection", description: finding.qod === null ? notProvided : formatPercent(finding.qod) },
    { term: "Host", description: <Mono value={finding.endpoint?.host} /> },
    { term: "Port", description: port ?? notProvided },
    { term: "Protocol", description: finding.protocol ? finding.protocol.toUpperCase() : notProvided },
    { term: "Component", description: <Mono value={finding.component} /> },
    { term: "Line", description: finding.line ?? notProvided },
    ...(finding.sourcecode_finding_type
      ? [{ term: "Finding type", description: finding.sourcecode_finding_type }]
      : []),
  ];

  return (
    <Stack space="large">
      <Inline space="small" alignY="center">
        <SeverityBadge severity={finding.severity} size="medium" />
        <StatusBadge kind="finding" status={finding.status} size="medium" />
      </Inline>

      {onStatusChange ? (
        <Section title="Change status" level={headingLevel}>
          <FindingStatusChange currentStatus={finding.status} onSubmit={onStatusChange} />
        </Section>
      ) : statusRefusal ? (
        <Section title="Change status" level={headingLevel}>
          <p>{statusRefusal}</p>
        </Section>
      ) : null}

      {assigneeControl ? (
        <Section title="Ownership" level={headingLevel}>
          {assigneeControl}
        </Section>
      ) : null}

      <Section title="Details" level={headingLevel}>
        <DescriptionList items={details} columns={2} aria-label="Finding details" />
      </Section>

      <div className={styles.textGrid}>
        <Section title="Summary" level={headingLevel}>
          <Prose text={finding.summary} />
        </Section>
        <Section title="Description" level={headingLevel}>
          <Prose text={finding.description} />
        </Section>
        <Section title="Impact" level={headingLevel}>
          <Prose text={finding.impact} />
        </Section>
        <Section title="Insight" level={headingLevel}>
          <Prose text={finding.insight} />
        </Section>
        <Section title="Affected" level={headingLevel}>
          <Prose text={finding.affected} />
        </Section>
        <Section title="Mitigation" level={headingLevel}>
          <Prose text={finding.mitigation} />
        </Section>
      </div>

      {children}

      {finding.code_snippets.length > 0 ? (
        <Section title="Code" level={headingLevel}>
          <CodeSnippet snippets={finding.code_snippets} highlightLine={finding.line} caption={finding.component} />
        </Section>
      ) : null}

      {finding.rule_examples.length > 0 ? (
        <Section title="Rule examples" level={headingLevel}>
          {finding.rule_examples.map((example, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: examples have no identity beyond their order
            <CodeSnippet key={index} snippets={[example]} label={`Rule example ${index + 1}`} />
          ))}
        </Section>
      ) : null}

      <Section title="References" level={headingLevel}>
        <FindingReferences references={finding.references} />
      </Section>

      <Section title="Status history" level={headingLevel}>
        <FindingTimeline entries={finding.finding_log_status} />
      </Section>
    </Stack>
  );
}
