import type { GitProvider } from "@sentinel/api-client";

export const gitProviderLabels: Readonly<Record<GitProvider, string>> = {
  GITHUB: "GitHub",
  GITLAB: "GitLab",
  BITBUCKET: "Bitbucket",
  AZURE_DEVOPS: "Azure DevOps",
};

/** Spec §3: only GitHub can be chosen; the others are listed so users know they are coming. */
export const gitProviders = ["GITHUB", "GITLAB", "BITBUCKET", "AZURE_DEVOPS"] as const satisfies readonly GitProvider[];

export function isSelectableProvider(provider: GitProvider): boolean {
  return provider === "GITHUB";
}
