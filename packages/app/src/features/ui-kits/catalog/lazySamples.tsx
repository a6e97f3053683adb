import { Skeleton } from "@sentinel/ui";
import { lazy, type ReactNode, Suspense } from "react";
import { type CatalogName, catalogGroups } from "./groups.ts";

// The samples use every component of @sentinel/ui, so their code is most of the design system.
// The page renders its outline (contents, sections, tile titles) at once and fetches the samples
// as one chunk right after, each tile holding a placeholder until then.
const LazySampleTile = lazy(async () => ({ default: (await import("./SampleTile.tsx")).SampleTile }));

function LazySample({ name }: { name: CatalogName }) {
  return (
    <Suspense fallback={<Skeleton variant="block" height="4rem" />}>
      <LazySampleTile name={name} />
    </Suspense>
  );
}

/** Same shape as `samples` in samples.tsx, for the screen: each entry renders its sample lazily. */
export const samples = Object.fromEntries(
  catalogGroups.flatMap((group) => group.names.map((name) => [name, () => <LazySample name={name} />])),
) as Record<CatalogName, () => ReactNode>;
