import { useQuery } from "@tanstack/react-query";
import { Page } from "../../../components/Page.tsx";
import { useStaticMode } from "../../../lib/ConfigContext.tsx";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { profileQuery } from "../../../lib/sessionQueries.ts";
import { AppearanceCard } from "../components/AppearanceCard.tsx";
import { DemoDataCard } from "../components/DemoDataCard.tsx";
import { ProfileDetails } from "../components/ProfileDetails.tsx";
import * as styles from "./ProfileAccountScreen.css.ts";

/** Settings (`profile_account`): the signed-in user's profile, companies, 2FA state and theme. */
export function ProfileAccountScreen() {
  usePageMeta({ title: "Settings", breadcrumbs: [{ label: "Settings" }] });
  const profile = useQuery(profileQuery());
  const staticMode = useStaticMode();
  return (
    <Page title="Settings" description="Your profile and preferences.">
      <div className={styles.grid}>
        <ProfileDetails query={profile} />
        <div className={styles.side}>
          <AppearanceCard />
          {staticMode ? <DemoDataCard /> : null}
        </div>
      </div>
    </Page>
  );
}
