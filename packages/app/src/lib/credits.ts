/** Spec §9: one credit costs 10 (the currency is the money formatter's). Used to preview a top-up's price. */
export const creditPricePerUnit = 10;
