import { parse } from 'yaml'
import { isLineTerminator, whitespaceEnd } from '../text-scan'

export interface Frontmatter {
  data: Record<string, unknown>
  body: string
  /** Set when the YAML could not be parsed; `data` then holds what a line-by-line read found. */
  error?: string
}

const fence = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/

export function splitFrontmatter(source: string): Frontmatter {
  const match = fence.exec(source)
  if (!match) return { data: {}, body: source.replace(/^\uFEFF/, '') }
  const yaml = match[1] ?? ''
  const body = source.slice(match[0].length)
  try {
    const data: unknown = parse(yaml)
    return { data: isRecord(data) ? data : {}, body }
  } catch (error) {
    // Hand-written frontmatter often has an unquoted colon in a description; a lenient
    // `key: value` read still gets the title and flags right.
    return { data: readLooseYaml(yaml), body, error: (error as Error).message.split('\n')[0] }
  }
}

function readLooseYaml(yaml: string): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  for (const line of yaml.split(/\r?\n/)) {
    const value = looseYamlValue(line)
    if (!value) continue
    data[value.key] = looseYamlScalar(value.value)
  }
  return data
}

/** A loose `key: value` line's value: unquoted, and `true`, `false` and numbers as such. */
export function looseYamlScalar(value: string): unknown {
  const raw = value.trim().replace(/^(['"])(.*)\1$/, '$2')
  return raw === 'true'
    ? true
    : raw === 'false'
      ? false
      : /^-?\d+(\.\d+)?$/.test(raw)
        ? Number(raw)
        : raw
}

/**
 * `key: value` as `/^([A-Za-z_][\w-]*):\s*(.*)$/` read it (a key, a colon, blanks, and a value on
 * one line), by position: the regex backtracked through a long run of blanks.
 */
function looseYamlValue(line: string): { key: string; value: string } | undefined {
  const key = /^[A-Za-z_][\w-]*/.exec(line)?.[0]
  if (!key || line.charCodeAt(key.length) !== 0x3a) return undefined
  const value = line.slice(whitespaceEnd(line, key.length + 1))
  for (let index = 0; index < value.length; index++) {
    if (isLineTerminator(value.charCodeAt(index))) return undefined
  }
  return { key, value }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
