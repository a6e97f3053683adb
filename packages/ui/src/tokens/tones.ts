/**
 * Semantic tones every status-like component maps onto. Besides the five status tones and `brand`:
 * `promote` sets a value apart without calling it good or bad (a false positive, a refund);
 * `accent` is a second such hue for enumerations that need one more (a partial payment, a role).
 */
export const tones = ["neutral", "info", "positive", "caution", "critical", "brand", "promote", "accent"] as const;

export type Tone = (typeof tones)[number];
