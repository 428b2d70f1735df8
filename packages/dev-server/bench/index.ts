/**
 * Runs every `bench/*.bench.ts` in name order (or those matching the CLI arguments:
 * `pnpm bench search`). A bench file exports `run(): Promise<void>` that prints its own table.
 * Started with `--expose-gc` so memory figures can be taken after a full collection.
 */
import { readdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const dir = dirname(fileURLToPath(import.meta.url))
const filters = process.argv.slice(2)
const files = (await readdir(dir))
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort()

for (const file of files) {
  console.log(`\n# ${file}\n`)
  const module: { run?: () => Promise<void> | void } = await import(
    pathToFileURL(join(dir, file)).href
  )
  await module.run?.()
}
