import { parse } from 'yaml'

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
    const match = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line)
    if (!match?.[1]) continue
    const raw = (match[2] ?? '').trim().replace(/^(['"])(.*)\1$/, '$2')
    data[match[1]] =
      raw === 'true'
        ? true
        : raw === 'false'
          ? false
          : /^-?\d+(\.\d+)?$/.test(raw)
            ? Number(raw)
            : raw
  }
  return data
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
