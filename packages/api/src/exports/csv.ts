export type CsvColumn<Row> = { header: string; value: (row: Row) => unknown }

// A cell starting with one of these is run as a formula by spreadsheet apps (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/

function text(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map(text).join(' ')
  if (typeof value === 'object') return JSON.stringify(value)
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value)
  }
  return ''
}

function cell(value: unknown): string {
  let cellText = text(value)
  if (FORMULA_START.test(cellText)) cellText = `'${cellText}`
  return /[",\r\n]/.test(cellText) ? `"${cellText.replaceAll('"', '""')}"` : cellText
}

function line(values: unknown[]): string {
  return `${values.map(cell).join(',')}\r\n`
}

/**
 * RFC 4180 CSV with a header row and CRLF line ends, safe to open in a spreadsheet: the header,
 * then one piece of text per batch of rows, written as the batches are read.
 */
export async function* toCsv<Row>(
  columns: CsvColumn<Row>[],
  batches: AsyncIterable<Row[]> | Iterable<Row[]>,
): AsyncGenerator<string> {
  yield line(columns.map((column) => column.header))
  for await (const rows of batches) {
    yield rows.map((row) => line(columns.map((column) => column.value(row)))).join('')
  }
}
