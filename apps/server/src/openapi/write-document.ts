import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { buildOpenApiDocument } from './document.ts'

// Writes the OpenAPI document to the file named on the command line: for the build and the lint.
const [file] = process.argv.slice(2)
if (!file) throw new Error('Usage: write-document.ts <file.json>')
await mkdir(dirname(file), { recursive: true })
await writeFile(file, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`)
