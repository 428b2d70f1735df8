/**
 * Reads a Mintlify `docs.json` (or legacy `mint.json`) navigation into one entry per page:
 * its breadcrumbs, version, language, inherited boost and whether navigation hides it.
 * Pure: `$ref` targets are looked up through a callback, so this runs in browsers too.
 */
import { cutQueryAndFragment, trimTrailing } from '../text-scan'

export interface NavigationEntry {
  /** Page file path as navigation names it, without extension or leading slash. */
  page: string
  breadcrumbs: string[]
  version?: string
  language?: string
  /** Boost of the nearest navigation ancestor that sets one. */
  boost?: number
  /** Under a hidden tab or group without `searchable: true`. */
  hidden: boolean
}

export interface Navigation {
  entries: NavigationEntry[]
  versions: string[]
  languages: string[]
  /** `seo.indexing: "all"` (docs.json) or `seo.indexHiddenPages` (mint.json). */
  indexHiddenPages: boolean
}

type Json = Record<string, unknown>

interface WalkContext {
  breadcrumbs: string[]
  version?: string
  language?: string
  boost?: number
  hidden: boolean
}

/** Keys under which navigation nests further divisions, walked in this order. */
const childKeys = [
  'languages',
  'versions',
  'products',
  'dropdowns',
  'anchors',
  'tabs',
  'menu',
  'groups',
  'pages',
  'global',
] as const

/** Divisions whose name becomes a breadcrumb (languages and versions are metadata instead). */
const labelKeys = ['product', 'dropdown', 'anchor', 'tab', 'item', 'group'] as const

/** `"GET /users"` or `"openapi.json POST /users"`: pages generated from an OpenAPI spec. */
const openApiOperation = /^(\S+\s+)?(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|WEBHOOK)\s+\S/i

export function readNavigation(config: Json, legacy: boolean): Navigation {
  const entries: NavigationEntry[] = []
  const seen = new Set<string>()
  const versions: string[] = []
  const languages: string[] = []

  const addPage = (raw: string, context: WalkContext) => {
    if (openApiOperation.test(raw.trim())) return
    const page = normalisePagePath(raw)
    if (!page || seen.has(page)) return
    seen.add(page)
    if (context.version && !versions.includes(context.version)) versions.push(context.version)
    if (context.language && !languages.includes(context.language)) {
      languages.push(context.language)
    }
    entries.push({ page, ...context })
  }

  const walk = (node: unknown, context: WalkContext): void => {
    if (typeof node === 'string') {
      addPage(node, context)
      return
    }
    if (Array.isArray(node)) {
      for (const child of node) walk(child, context)
      return
    }
    if (!isRecord(node)) return
    const next: WalkContext = { ...context }
    if (typeof node.language === 'string') next.language = node.language
    if (typeof node.version === 'string') next.version = node.version
    const label = labelKeys.map((key) => node[key]).find((value) => typeof value === 'string')
    if (typeof label === 'string') next.breadcrumbs = [...context.breadcrumbs, label]
    if (node.hidden === true) next.hidden = node.searchable !== true
    else if (node.searchable === true) next.hidden = false
    if (typeof node.boost === 'number' && node.boost > 0) next.boost = node.boost
    if (typeof node.root === 'string') addPage(node.root, next)
    for (const key of childKeys) if (node[key] !== undefined) walk(node[key], next)
  }

  const seo = isRecord(config.seo) ? config.seo : {}
  if (legacy) {
    walk(config.navigation, { breadcrumbs: [], hidden: false })
    addLegacyTabs(config, entries)
    for (const version of Array.isArray(config.versions) ? config.versions : []) {
      const name =
        typeof version === 'string' ? version : isRecord(version) ? version.name : undefined
      if (typeof name === 'string' && !versions.includes(name)) versions.push(name)
    }
    return { entries, versions, languages, indexHiddenPages: seo.indexHiddenPages === true }
  }
  walk(config.navigation, { breadcrumbs: [], hidden: false })
  return { entries, versions, languages, indexHiddenPages: seo.indexing === 'all' }
}

/** mint.json tabs and anchors are `{ name, url }` path prefixes rather than containers. */
function addLegacyTabs(config: Json, entries: NavigationEntry[]): void {
  const sections: { name: string; prefix: string; version?: string }[] = []
  for (const key of ['tabs', 'anchors']) {
    const list = config[key]
    if (!Array.isArray(list)) continue
    for (const item of list) {
      if (!isRecord(item) || typeof item.name !== 'string' || typeof item.url !== 'string') continue
      if (/^[a-z]+:\/\//i.test(item.url)) continue
      const prefix = normalisePagePath(item.url)
      if (prefix) {
        sections.push({
          name: item.name,
          prefix,
          ...(typeof item.version === 'string' ? { version: item.version } : {}),
        })
      }
    }
  }
  sections.sort((a, b) => b.prefix.length - a.prefix.length)
  const primary = isRecord(config.primaryTab) ? config.primaryTab.name : undefined
  for (const entry of entries) {
    const section = sections.find(
      (candidate) =>
        entry.page === candidate.prefix || entry.page.startsWith(`${candidate.prefix}/`),
    )
    const name = section?.name ?? (typeof primary === 'string' ? primary : undefined)
    if (name) entry.breadcrumbs = [name, ...entry.breadcrumbs]
    if (section?.version && !entry.version) entry.version = section.version
  }
}

/**
 * Replaces every `{ "$ref": "./file.json" }` with the referenced JSON, resolved relative to the
 * file that holds the reference. Sibling keys override the referenced content. A missing or
 * cyclic reference is dropped with a warning.
 */
export function resolveRefs(
  value: unknown,
  file: string,
  readJson: (path: string) => unknown,
  warnings: string[],
  chain: string[] = [file],
): unknown {
  if (Array.isArray(value)) {
    return value
      .map((item) => resolveRefs(item, file, readJson, warnings, chain))
      .filter((item) => item !== undefined)
  }
  if (!isRecord(value)) return value
  const { $ref: ref, ...rest } = value
  const resolvedRest: Json = {}
  for (const [key, child] of Object.entries(rest)) {
    const resolved = resolveRefs(child, file, readJson, warnings, chain)
    if (resolved !== undefined) resolvedRest[key] = resolved
  }
  if (typeof ref !== 'string') return resolvedRest
  const target = joinPath(dirname(file), ref)
  if (chain.includes(target)) {
    warnings.push(`${file}: $ref ${ref} is circular; skipped`)
    return undefined
  }
  const referenced = readJson(target)
  if (referenced === undefined) {
    warnings.push(`${file}: $ref ${ref} not found; skipped`)
    return Object.keys(resolvedRest).length > 0 ? resolvedRest : undefined
  }
  const resolved = resolveRefs(referenced, target, readJson, warnings, [...chain, target])
  return isRecord(resolved) ? { ...resolved, ...resolvedRest } : resolved
}

/** Every `$ref` target path named in `value` (relative to `file`), for loaders that prefetch. */
export function listRefs(value: unknown, file: string): string[] {
  const refs: string[] = []
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit)
    else if (isRecord(node)) {
      if (typeof node.$ref === 'string') refs.push(joinPath(dirname(file), node.$ref))
      Object.values(node).forEach(visit)
    }
  }
  visit(value)
  return refs
}

export function normalisePagePath(raw: string): string {
  const page = cutQueryAndFragment(raw.trim())
    .replace(/^\.?\/+/, '')
    .replace(/\.(mdx|md)$/i, '')
  return trimTrailing(page, '/')
}

export function dirname(path: string): string {
  const slash = path.lastIndexOf('/')
  return slash === -1 ? '' : path.slice(0, slash)
}

/** Joins and normalises POSIX paths inside the docs folder (`/x` is the folder root). */
export function joinPath(base: string, relative: string): string {
  const parts = relative.startsWith('/') ? [] : base.split('/')
  for (const part of relative.split('/')) {
    if (part === '' || part === '.') continue
    if (part === '..') parts.pop()
    else parts.push(part)
  }
  return parts.filter(Boolean).join('/')
}

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
