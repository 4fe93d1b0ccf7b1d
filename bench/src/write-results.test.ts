import { describe, expect, it } from 'vitest'
import { replaceReadmeSection } from './write-results.ts'

const START = '<!-- bench:targets:start (written by `pnpm bench`; do not edit) -->'
const END = '<!-- bench:targets:end -->'

describe('replaceReadmeSection', () => {
  it('replaces only what lies between the markers', () => {
    const readme = `# App\n\n${START}\nold table\n${END}\n\n## Next\n`
    const section = `${START}\nnew table\n${END}`
    expect(replaceReadmeSection(readme, section)).toBe(`# App\n\n${section}\n\n## Next\n`)
  })

  it('refuses a README without the section', () => {
    expect(() => replaceReadmeSection('# App\n', `${START}\n${END}`)).toThrow(/no bench targets/)
  })
})
