import { ratio } from './stats.ts'

/** A target from the issue; `of` says whether it bounds the figure itself or its ratio to the limit. */
/** under: strictly below; atMost: at or below; atLeast: at or above. */
export type Target = {
  bound: 'under' | 'atMost' | 'atLeast'
  of: 'value' | 'ratio'
  threshold: number
}

export type Figure = {
  /** Where it was measured: Postgres, PGlite, Limits, Client, Server. */
  group: string
  name: string
  unit: string
  value?: number
  /** Why there is no value: the run failed or answered errors; never turned into a number. */
  error?: string
  limit?: { name: string; value: number }
  target?: Target
}

export type FigureRow = Figure & { ratio?: number; met?: boolean }

export function evaluate(figure: Figure): FigureRow {
  const figureRatio = ratio(figure.value, figure.limit?.value)
  const { target } = figure
  if (!target || figure.error !== undefined || figure.value === undefined) {
    return { ...figure, ratio: figureRatio }
  }
  const measured = target.of === 'ratio' ? figureRatio : figure.value
  const met =
    measured === undefined
      ? undefined
      : target.bound === 'under'
        ? measured < target.threshold
        : target.bound === 'atMost'
          ? measured <= target.threshold
          : measured >= target.threshold
  return { ...figure, ratio: figureRatio, met }
}

export function formatValue(value: number, unit: string): string {
  const digits =
    Number.isInteger(value) || Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2
  const number = value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
  return unit ? `${number} ${unit}` : number
}

export function formatRatio(value: number): string {
  return `${(value * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`
}

export function formatTarget(target: Target, unit: string): string {
  const sign = { under: '<', atMost: '≤', atLeast: '≥' }[target.bound]
  return target.of === 'ratio'
    ? `ratio ${sign} ${formatRatio(target.threshold)}`
    : `${sign} ${formatValue(target.threshold, unit)}`
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ')
}

export function markdownTable(rows: readonly FigureRow[]): string {
  const lines = [
    '| group | figure | value | limit | ratio | target | met? |',
    '| --- | --- | ---: | ---: | ---: | --- | --- |',
  ]
  for (const row of rows) {
    const value =
      row.error !== undefined
        ? `error: ${row.error}`
        : row.value === undefined
          ? '—'
          : formatValue(row.value, row.unit)
    const limit = row.limit ? `${formatValue(row.limit.value, row.unit)} (${row.limit.name})` : ''
    // A figure with a target that could not be measured has not met it.
    const met = !row.target ? '' : row.met ? 'met' : 'not met'
    lines.push(
      `| ${[
        row.group,
        row.name,
        value,
        limit,
        row.ratio === undefined ? '' : formatRatio(row.ratio),
        row.target ? formatTarget(row.target, row.unit) : '',
        met,
      ]
        .map(cell)
        .join(' | ')} |`,
    )
  }
  return lines.join('\n')
}
