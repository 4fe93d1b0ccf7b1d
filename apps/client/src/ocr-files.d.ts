/** Where the build puts the card scanner's OCR files (vite.config.ts), e.g. /assets/ocr/tesseract-7.0.0_core-7.0.0_eng-1.0.0. */
declare const __OCR_DIR__: string
