/** Below this Tesseract word confidence, a field read from the word is shown for checking (ADR 015). */
export const LOW_CONFIDENCE = 80
/** Below this confidence, a group of digits inside a phone number, or a profile no name spells, is not trusted. */
export const DOUBTFUL_DIGITS = 60
