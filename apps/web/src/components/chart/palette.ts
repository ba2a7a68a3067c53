/** Distinct series colours after the console's primary, each readable on white. */
export const PALETTE = ['#d46b08', '#389e0d', '#c41d7f', '#531dab', '#08979c', '#d4380d', '#7cb305', '#1d39c4', '#ad8b00'] as const;

/** The colours series take in order: the console's primary first, then the palette. */
export const seriesColours = (primary: string): readonly string[] => [primary, ...PALETTE];
