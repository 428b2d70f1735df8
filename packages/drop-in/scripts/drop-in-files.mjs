import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'

/** The scripts of the drop-in in `dir` (no source maps), sorted. */
export function dropInFiles(dir) {
  return readdirSync(dir)
    .filter((file) => /^docchat[\w-]*\.js$/.test(file))
    .sort()
}

/** The Subresource Integrity value a `<script integrity>` or import map gives for a file. */
export function integrityOf(file) {
  return `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`
}

/**
 * The relative scripts a shipped file imports or loads (`import("./docchat-x.js")`, `from
 * "./docchat-x.js"`, `new URL("docchat-x.js", …)`): every one must ship next to it.
 */
export function requestedFiles(text) {
  const names = new Set()
  for (const match of text.matchAll(/["'`](?:\.\/)?(docchat[\w-]*\.js)["'`]/g)) names.add(match[1])
  return [...names].sort()
}
