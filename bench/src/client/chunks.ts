import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'

export type Chunk = { file: string; bytes: number; gzipBytes: number }

/** Every JavaScript and CSS file of the client build with its size gzipped (level 9, as served). */
export async function measureChunks(distDir: string): Promise<Chunk[]> {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true })
  const files = entries
    .filter((entry) => entry.isFile() && /\.(js|css)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
  const chunks = await Promise.all(
    files.map(async (path) => {
      const content = await readFile(path)
      return {
        file: relative(distDir, path),
        bytes: content.length,
        gzipBytes: gzipSync(content, { level: 9 }).length,
      }
    }),
  )
  return chunks.sort((a, b) => b.gzipBytes - a.gzipBytes)
}

/** The scripts a page loads before anything runs: module entries and their modulepreloads. */
export function initialScripts(indexHtml: string): string[] {
  const scripts = [...indexHtml.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1])
  const preloads = [
    ...indexHtml.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map((m) => m[1])
  return [...new Set([...scripts, ...preloads])].flatMap((src) =>
    src ? [src.replace(/^\//, '')] : [],
  )
}

/** Gzip bytes of the given build files (paths relative to the build, as in index.html). */
export function gzipBytesOf(chunks: readonly Chunk[], files: readonly string[]): number {
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk.gzipBytes]))
  return files.reduce((sum, file) => {
    const size = byFile.get(file)
    if (size === undefined) throw new Error(`${file} is not in the client build`)
    return sum + size
  }, 0)
}
