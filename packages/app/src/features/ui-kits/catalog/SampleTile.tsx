import type { CatalogName } from "./groups.ts";
import { samples } from "./samples.tsx";

/** One export's live sample; loaded with every other sample through lazySamples.tsx. */
export function SampleTile({ name }: { name: CatalogName }) {
  return samples[name]();
}
