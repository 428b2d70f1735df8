/**
 * A small OpenAPI (JSON Schema subset) checker: responses are validated against the specs in the
 * shared folder (`spec/`, as published), read at test time through `sharedPath`. Suites that
 * use it are `describeWithShared(…, specFixtures(…))`: a missing spec fails naming the file.
 */
import { readFileSync } from 'node:fs'
import { sharedPath } from '@docchat/test-utils/shared-dir'

/** The shared fixtures (`spec/<file>`) a suite checking against `files` needs. */
export function specFixtures(...files: string[]): string[] {
  return files.map((file) => `spec/${file}`)
}

type Schema = {
  $ref?: string
  type?: string
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  enum?: unknown[]
  nullable?: boolean
  oneOf?: Schema[]
  anyOf?: Schema[]
}

interface Spec {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseSpec> }>>
  components?: { schemas?: Record<string, Schema> }
}

interface ResponseSpec {
  content?: Record<string, { schema?: Schema }>
  headers?: Record<string, unknown>
}

const cache = new Map<string, Spec>()

function loadSpec(file: string): Spec {
  let spec = cache.get(file)
  if (!spec) {
    spec = JSON.parse(readFileSync(sharedPath(`spec/${file}`), 'utf8')) as Spec
    cache.set(file, spec)
  }
  return spec
}

export function responseSpec(
  file: string,
  path: string,
  method: string,
  status: number,
): ResponseSpec {
  const operation = loadSpec(file).paths[path]?.[method.toLowerCase()]
  const response = operation?.responses?.[String(status)]
  if (!response) throw new Error(`${file}: no ${status} response for ${method} ${path}`)
  return response
}

function resolve(spec: Spec, schema: Schema): Schema {
  if (!schema.$ref) return schema
  const name = schema.$ref.replace('#/components/schemas/', '')
  const target = spec.components?.schemas?.[name]
  if (!target) throw new Error(`Unresolved $ref ${schema.$ref}`)
  return resolve(spec, target)
}

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

/** Returns the problems found (empty when the value conforms). */
function checkSchema(spec: Spec, schema: Schema, value: unknown, at = '$'): string[] {
  const s = resolve(spec, schema)
  if (value === null) return s.nullable ? [] : [`${at}: null is not allowed`]
  const alternatives = s.oneOf ?? s.anyOf
  if (alternatives) {
    const ok = alternatives.some((alt) => checkSchema(spec, alt, value, at).length === 0)
    return ok ? [] : [`${at}: matches none of the alternatives`]
  }
  const problems: string[] = []
  const actual = typeOf(value)
  if (s.type) {
    const fits =
      s.type === actual ||
      (s.type === 'number' && actual === 'integer') ||
      (s.type === 'object' && actual === 'object')
    if (!fits) return [`${at}: expected ${s.type}, got ${actual}`]
  }
  if (s.enum && !s.enum.includes(value))
    problems.push(`${at}: ${JSON.stringify(value)} not in enum`)
  if (actual === 'object' && s.properties) {
    const object = value as Record<string, unknown>
    for (const name of s.required ?? []) {
      if (!(name in object)) problems.push(`${at}.${name}: required`)
    }
    for (const [name, property] of Object.entries(s.properties)) {
      if (object[name] !== undefined)
        problems.push(...checkSchema(spec, property, object[name], `${at}.${name}`))
    }
  }
  if (actual === 'array' && s.items) {
    ;(value as unknown[]).forEach((item, i) => {
      problems.push(...checkSchema(spec, s.items!, item, `${at}[${i}]`))
    })
  }
  return problems
}

/** Checks a JSON response body and its declared content type against the spec. */
export function checkResponse(
  file: string,
  path: string,
  method: string,
  status: number,
  body: unknown,
): string[] {
  const response = responseSpec(file, path, method, status)
  const schema = response.content?.['application/json']?.schema
  if (!schema) return [`${method} ${path} ${status}: no JSON schema in ${file}`]
  return checkSchema(loadSpec(file), schema, body)
}
