/**
 * Where the discovery routes (assistant, search, page) and the admin routes (agent jobs, updates)
 * live under a `baseUrl`. The API has moved hosts (see the core README), and clients keep whichever
 * base URL they were written with:
 *
 * - an origin, `https://api.mintlify.com` or a proxy (`/api/docs`): discovery under `/discovery`;
 * - the spec's server URL, `https://api.mintlify.com/discovery`, or the July 2025 form
 *   `https://leaves.mintlify.com/api/discovery`: version paths follow directly;
 * - the 2025 host `https://api-dsc.mintlify.com`: version paths at its root;
 * - any of these with the version (`…/v1`) already on: the version is dropped, then as above.
 */
/**
 * `url` without its trailing slashes. A loop: `/\/+$/` retries from every slash of a run that does
 * not reach the end, quadratic on a base URL from markup (`data-api-base`) full of slashes.
 */
export function trimTrailingSlashes(url: string): string {
  let end = url.length
  while (end > 0 && url.charCodeAt(end - 1) === 0x2f) end--
  return end === url.length ? url : url.slice(0, end)
}

export function apiBases(baseUrl: string): { discovery: string; admin: string } {
  const base = trimTrailingSlashes(baseUrl).replace(/\/v1$/, '')
  if (/\/discovery$/i.test(base)) {
    return { discovery: base, admin: base.replace(/\/(api\/)?discovery$/i, '') }
  }
  if (/^(https?:)?\/\/api-dsc\./i.test(base)) return { discovery: base, admin: base }
  return { discovery: `${base}/discovery`, admin: base }
}
