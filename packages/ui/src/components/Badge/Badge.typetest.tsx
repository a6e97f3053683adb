// Compile-time checks only (run by `tsc`): variant props accept exactly the recipe's options.
import { Button } from "../Button/Button.tsx";
import { DescriptionList } from "../DescriptionList/DescriptionList.tsx";
import { Badge } from "./Badge.tsx";

export const typeChecks = [
  <Badge key="weight" label="Draft" tone="promote" weight="outlined" size="medium" />,
  // @ts-expect-error sizes are named as Button's: small and medium.
  <Badge key="md" label="Draft" size="md" />,
  // @ts-expect-error weight replaced the outlined boolean.
  <Badge key="outlined" label="Draft" outlined />,
  // @ts-expect-error tones are named by meaning, not by palette.
  <Badge key="violet" label="Draft" tone="violet" />,
  // @ts-expect-error "bold" is not one of the recipe's weights.
  <Badge key="bold" label="Draft" weight="bold" />,
  <Button key="full" variant="criticalOutline" size="large" fullWidth />,
  // @ts-expect-error "primary" is not one of the recipe's button variants.
  <Button key="primary" variant="primary" />,
  <DescriptionList key="columns" items={[]} columns={2} />,
  // @ts-expect-error the recipe has one and two columns only.
  <DescriptionList key="three" items={[]} columns={3} />,
];
