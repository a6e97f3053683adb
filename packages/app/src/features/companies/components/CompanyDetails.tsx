import type { Company } from "@sentinel/api-client";
import { Button, Card, DescriptionList, formatBalance, formatDateTime, UntrustedText } from "@sentinel/ui";
import { memberName } from "../members.ts";
import * as styles from "./companies.css.ts";

/** The company's own fields; every value is API text, rendered as text. */
export function CompanyDetails({ company, onEdit }: { company: Company; onEdit?: () => void }) {
  return (
    <Card
      title="Company details"
      actions={
        onEdit ? (
          <Button variant="outline" size="small" onPress={onEdit}>
            Edit company
          </Button>
        ) : undefined
      }
    >
      <DescriptionList
        items={[
          {
            term: "Name",
            description: (
              <span className={styles.text}>
                <UntrustedText>{company.name}</UntrustedText>
              </span>
            ),
          },
          {
            term: "E-mail",
            description: (
              <span className={styles.text}>
                <UntrustedText>{company.email}</UntrustedText>
              </span>
            ),
          },
          {
            term: "Description",
            description: (
              <span className={styles.text}>
                <UntrustedText>{company.description?.trim() || "No description"}</UntrustedText>
              </span>
            ),
          },
          { term: "Members", description: formatBalance(company.members_count) },
          {
            term: "Client admins",
            description: company.client_admin.length
              ? company.client_admin.map((admin) => memberName(admin)).join(", ")
              : "None",
          },
          { term: "Created", description: formatDateTime(company.created_at) },
          { term: "Updated", description: formatDateTime(company.updated_at) },
        ]}
      />
    </Card>
  );
}
