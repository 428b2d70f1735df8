// The example must compile under strict TypeScript on every AI SDK major the transport supports.
// `tsconfig.json` (checked by the workspace's typecheck step) is ai 5 + @ai-sdk/react 2; these
// configs map `ai` and `@ai-sdk/react` to ai 6 + @ai-sdk/react 3 and ai 7 + @ai-sdk/react 4.
// (The example as the docs had it failed here with TS2339, `title` on a narrowed part.)
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')

describe.each([
  ['ai 6 + @ai-sdk/react 3', 'tsconfig.ai6.json', 'ai-v6', '6.'],
  ['ai 7 + @ai-sdk/react 4', 'tsconfig.ai7.json', 'ai-v7', '7.'],
])('%s', (_name, config, alias, major) => {
  it(`the example passes strict tsc (${config})`, { timeout: 120_000 }, () => {
    const resolved = createRequire(join(appDir, 'package.json'))(`${alias}/package.json`) as {
      version: string
    }
    expect(resolved.version.startsWith(major)).toBe(true)
    const run = () =>
      execFileSync(process.execPath, [tsc, '--noEmit', '-p', config], {
        cwd: appDir,
        encoding: 'utf8',
        stdio: 'pipe',
      })
    expect(run).not.toThrow()
  })
})
