import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/**
 * jsdom tests resolve packages with browser conditions. `@opentelemetry/api` (imported by the dev
 * server's `ai`) then resolves to an ESM build with extensionless imports, which Node cannot load
 * once Vitest externalizes it: point it at the CommonJS build instead.
 */
export function openTelemetryAlias() {
  const ai = createRequire(require.resolve('@docchat/dev-server/package.json')).resolve('ai')
  return {
    find: /^@opentelemetry\/api$/,
    replacement: createRequire(ai).resolve('@opentelemetry/api'),
  }
}
