import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { REPO_ROOT } from './app-server.ts'
import type { QueryPlan } from './explain.ts'
import type { Machine } from './machine.ts'
import type { Durations } from './measure-app.ts'
import { markdownTable, type FigureRow } from './report.ts'
import { SIZES, type SizeName } from './sizes.ts'
import { targetRows } from './targets.ts'

const BENCH_DIR = join(REPO_ROOT, 'bench')
const README = join(REPO_ROOT, 'README.md')
const README_START = '<!-- bench:targets:start (written by `pnpm bench`; do not edit) -->'
const README_END = '<!-- bench:targets:end -->'

export type RunResults = {
  size: SizeName
  seed: number
  machine: Machine
  durations: Durations
  rows: FigureRow[]
  plans: QueryPlan[]
  notes: string[]
  seconds: number
}

function planSection(plans: readonly QueryPlan[]): string {
  return plans
    .map((plan) =>
      plan.error
        ? `### ${plan.name}\n\nerror: ${plan.error}\n`
        : [
            `### ${plan.name}`,
            '',
            `Indexes used: ${plan.indexesUsed.join(', ') || 'none'}; sequential scans: ${plan.seqScans.join(', ') || 'none'}.`,
            '',
            '```sql',
            plan.statement,
            '```',
            '',
            '```',
            plan.plan,
            '```',
            '',
          ].join('\n'),
    )
    .join('\n')
}

const machineLine = ({ machine }: RunResults) =>
  `${machine.date} · commit ${machine.commit} · ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGb} GB · Node ${machine.node} · ${machine.postgres}`

/** The targets of issue 33 with this run's figures: the report's first table and the README's. */
export function targetsTable(rows: readonly FigureRow[]): string {
  return markdownTable(targetRows(rows))
}

/** The README's section: the run's machine and its figure for every target, met or not met. */
export function readmeSection(results: RunResults): string {
  return [
    README_START,
    // The table is written as markdownTable writes it; Prettier would pad it differently.
    '<!-- prettier-ignore-start -->',
    `Last full run: ${machineLine(results)}. Every figure: \`bench/results.md\`.`,
    '',
    targetsTable(results.rows),
    '<!-- prettier-ignore-end -->',
    README_END,
  ].join('\n')
}

/** Replaces the README's generated section, between its markers, with this one. */
export function replaceReadmeSection(readme: string, section: string): string {
  const start = readme.indexOf(README_START)
  const end = readme.indexOf(README_END)
  if (start === -1 || end < start) throw new Error('The README has no bench targets section')
  return readme.slice(0, start) + section + readme.slice(end + README_END.length)
}

/**
 * Writes bench/results.md and .json (a small run: results-small.*, not committed) and, after a
 * full run, the README's section of headline figures. Returns what it printed.
 */
export async function writeResults(results: RunResults): Promise<string> {
  const { size, seed, durations, rows, plans, notes } = results
  const header = [
    `# FiveConnect benchmark (${size})`,
    '',
    machineLine(results),
    '',
    `Dataset (seed ${seed}): ${JSON.stringify(SIZES[size])} on Postgres; PGlite: ${JSON.stringify(SIZES.small)}. ` +
      `Load: autocannon, pipelining 1, 50 connections unless named, ${durations.warmupSeconds} s warm-up then ${durations.seconds} s. ` +
      `Targets are issue 33's and apply to Postgres and the client; a run with any non-2xx answer is an error, not a figure.`,
    '',
    '## Targets',
    '',
    targetsTable(rows),
    '',
  ].join('\n')
  const markdown = [
    header,
    '## Every figure',
    '',
    markdownTable(rows),
    '',
    '## Notes',
    '',
    ...notes.map((note) => `- ${note}`),
    `- Total run time: ${results.seconds.toFixed(0)} s`,
    '',
    '## Query plans (EXPLAIN ANALYZE, Postgres)',
    '',
    planSection(plans),
  ].join('\n')
  const name = size === 'full' ? 'results' : `results-${size}`
  await writeFile(join(BENCH_DIR, `${name}.md`), markdown)
  await writeFile(
    join(BENCH_DIR, `${name}.json`),
    JSON.stringify(
      { size, seed, machine: results.machine, durations, figures: rows, plans, notes },
      null,
      2,
    ) + '\n',
  )
  if (size === 'full') {
    await writeFile(
      README,
      replaceReadmeSection(await readFile(README, 'utf8'), readmeSection(results)),
    )
  }
  return `${header}\n${markdownTable(rows)}\n\nWritten to bench/${name}.md and ${name}.json`
}
