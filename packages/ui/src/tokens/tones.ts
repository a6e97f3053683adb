/** Semantic tones every status-like component maps onto. */
export const tones = ["neutral", "info", "positive", "caution", "critical", "brand", "violet", "teal"] as const;

export type Tone = (typeof tones)[number];
