import { useMemo } from "react";
import * as styles from "./QrCode.css.ts";
import { qrPath } from "./qrMatrix.ts";

export interface QrCodeProps {
  /** The text to encode (an `otpauth://` URI). */
  value: string;
  /** What the code is for, read by screen readers. */
  label: string;
}

/** A QR code drawn as SVG elements from the encoded matrix. */
export function QrCode({ value, label }: QrCodeProps) {
  const { size, d } = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      className={styles.qr}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect className={styles.light} width={size} height={size} />
      <path className={styles.dark} d={d} />
    </svg>
  );
}
