import { splitFrontmatter } from './frontmatter'
import { reduceMdx } from './mdx-to-text'
import {
  dirname,
  isRecord,
  joinPath,
  type NavigationEntry,
  normalisePagePath,
  readNavigation,
  resolveRefs,
} from './navigation'
import { renderPage, splitSections } from './page-sections'
import type { DocsCorpus, DocsFiles, DocsPage, ParseDocsOptions } from './types'
import { trimTrailing } from '../text-scan'

/** Repository files that sit next to the docs but are not pages of the site. */
const repositoryFiles =
  /^(readme|contributing|changelog|license|code_of_conduct|security|claude|agents|source)\.mdx?$/i

/**
 * Builds a corpus from a docs folder's files (paths relative to the folder). Pure: no file
 * system, so it runs in browsers and workers as well as Node.
 *
 * Which pages are indexed follows Mintlify's rules: pages listed in navigation, minus those
 * under a hidden tab or group (unless it sets `searchable: true`) and those whose frontmatter
 * says `hidden: true`, `noindex: true` or `searchable: false`. Pages left out of navigation
 * are hidden pages, excluded like Mintlify's own search does, unless `seo.indexing: "all"`.
 * A folder with no `docs.json`/`mint.json` indexes every page, with folder breadcrumbs.
 */
export function parseDocs(input: DocsFiles, options: ParseDocsOptions = {}): DocsCorpus {
  const files = normaliseFiles(input)
  const warnings: string[] = []
  const config = readConfig(files, warnings)
  const pageFiles = [...files.keys()].filter(
    (file) => /\.mdx?$/i.test(file) && !file.split('/').some((part) => part.startsWith('.')),
  )

  let candidates: (NavigationEntry & { file: string })[]
  let versions: string[] = []
  let languages: string[] = []
  let indexHiddenPages = false
  if (config) {
    const navigation = readNavigation(config.json, config.legacy)
    versions = navigation.versions
    languages = navigation.languages
    indexHiddenPages = navigation.indexHiddenPages
    candidates = []
    const listed = new Set<string>()
    for (const entry of navigation.entries) {
      const file = findPageFile(files, entry.page)
      if (!file) {
        warnings.push(`${config.file}: page "${entry.page}" has no .mdx or .md file`)
        continue
      }
      listed.add(file)
      if (!entry.hidden || indexHiddenPages) candidates.push({ ...entry, file })
    }
    if (indexHiddenPages) {
      for (const file of pageFiles) {
        if (!listed.has(file) && isSitePage(file)) candidates.push(folderEntry(file))
      }
    }
  } else {
    candidates = pageFiles.filter(isSitePage).map(folderEntry)
  }

  const pages: DocsPage[] = []
  const routes = new Set<string>()
  for (const candidate of candidates) {
    const page = buildPage(files, candidate, indexHiddenPages, warnings)
    if (!page || routes.has(page.path)) continue
    routes.add(page.path)
    pages.push(page)
  }

  const configName = config && typeof config.json.name === 'string' ? config.json.name : undefined
  const siteUrl = options.siteUrl ?? canonicalUrl(config?.json)
  return {
    name: options.name ?? configName ?? 'docs',
    ...(configName ? { siteName: configName } : {}),
    ...(siteUrl ? { siteUrl } : {}),
    pages,
    versions: versions.filter((version) => pages.some((page) => page.version === version)),
    languages: languages.filter((language) => pages.some((page) => page.language === language)),
    warnings,
  }
}

/**
 * The site's address, when the config states one: Mintlify has no `url` field, but sites set
 * `seo.metatags.canonical` (mintlify-docs: `https://www.mintlify.com/docs`).
 */
function canonicalUrl(json: unknown): string | undefined {
  const seo = isObject(json) ? json.seo : undefined
  const metatags = isObject(seo) ? seo.metatags : undefined
  const canonical = isObject(metatags) ? metatags.canonical : undefined
  if (typeof canonical !== 'string' || !/^https?:\/\/[^/]/i.test(canonical)) return undefined
  return trimTrailing(canonical, '/')
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function buildPage(
  files: Map<string, string>,
  entry: NavigationEntry & { file: string },
  indexHiddenPages: boolean,
  warnings: string[],
): DocsPage | undefined {
  const source = files.get(entry.file) ?? ''
  const { data, body, error } = splitFrontmatter(source)
  if (error) warnings.push(`${entry.file}: frontmatter is not valid YAML (${error})`)
  if (data.hidden === true && !indexHiddenPages) return undefined
  if (data.noindex === true || data.searchable === false) return undefined

  const path = routeOf(entry.page)
  const title = text(data.title) ?? titleFromFile(entry.page)
  const description = text(data.description)
  const sidebarTitle = text(data.sidebarTitle)
  const blocks = reduceMdx(body, {
    route: path,
    resolveImport: (specifier) => resolveSnippet(files, entry.file, specifier),
  })
  const boost = positive(data.boost) ?? entry.boost ?? 1
  return {
    path,
    file: entry.file,
    title,
    ...(sidebarTitle ? { sidebarTitle } : {}),
    ...(description ? { description } : {}),
    content: renderPage(title, description, blocks),
    sections: splitSections(path, title, description, blocks),
    ...(entry.version ? { version: entry.version } : {}),
    ...(entry.language ? { language: entry.language } : {}),
    breadcrumbs: entry.breadcrumbs,
    boost,
    keywords: keywordsOf(data.keywords),
    frontmatter: data,
  }
}

function readConfig(files: Map<string, string>, warnings: string[]) {
  for (const file of ['docs.json', 'mint.json']) {
    const source = files.get(file)
    if (source === undefined) continue
    let json: unknown
    try {
      json = JSON.parse(source)
    } catch (error) {
      warnings.push(`${file}: not valid JSON (${(error as Error).message})`)
      continue
    }
    if (!isRecord(json)) continue
    const legacy = file === 'mint.json'
    const readJson = (path: string) => {
      const referenced = files.get(path)
      if (referenced === undefined) return undefined
      try {
        return JSON.parse(referenced) as unknown
      } catch {
        return undefined
      }
    }
    const resolved = resolveRefs(json, file, readJson, warnings)
    if (isRecord(resolved)) return { file, legacy, json: resolved }
  }
  return undefined
}

function normaliseFiles(input: DocsFiles): Map<string, string> {
  const entries = input instanceof Map ? [...input.entries()] : Object.entries(input)
  const files = new Map<string, string>()
  for (const [path, source] of entries) files.set(joinPath('', path.replace(/\\/g, '/')), source)
  return files
}

function findPageFile(files: Map<string, string>, page: string): string | undefined {
  for (const candidate of [`${page}.mdx`, `${page}.md`, `${page}/index.mdx`, `${page}/index.md`]) {
    if (files.has(candidate)) return candidate
  }
  return undefined
}

function isSitePage(file: string): boolean {
  if (file.startsWith('snippets/') || file.includes('/snippets/')) return false
  return file.includes('/') || !repositoryFiles.test(file)
}

/** Breadcrumbs from folders for pages that navigation does not place. */
function folderEntry(file: string): NavigationEntry & { file: string } {
  const page = normalisePagePath(file)
  const breadcrumbs = dirname(page).split('/').filter(Boolean).map(humanise)
  return { page, file, breadcrumbs, hidden: false }
}

function resolveSnippet(files: Map<string, string>, from: string, specifier: string) {
  if (!/^(\.|\/)/.test(specifier) || /\.(jsx?|tsx?)$/.test(specifier)) return undefined
  const path = joinPath(dirname(from), specifier)
  return files.get(path) ?? files.get(`${path}.mdx`) ?? files.get(`${path}.md`)
}

/** `cli/index` is served at `/cli`, the root `index` at `/`. */
export function routeOf(page: string): string {
  if (page === 'index') return '/'
  return `/${page.endsWith('/index') ? page.slice(0, -'/index'.length) : page}`
}

function titleFromFile(page: string): string {
  const parts = page.split('/')
  let name = parts.at(-1) ?? page
  if (name === 'index' && parts.length > 1) name = parts.at(-2) ?? name
  return humanise(name)
}

function humanise(name: string): string {
  const words = name.replace(/[-_]+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function keywordsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string')
  if (typeof value === 'string')
    return value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
  return []
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value)
  return typeof value === 'string' && value.trim() ? value.trim() : undefined
}

function positive(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : undefined
}
