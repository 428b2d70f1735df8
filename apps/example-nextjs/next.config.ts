import type { NextConfig } from 'next'

// As `create-next-app` 16 writes it with its defaults: Cache Components on. (Next's own default,
// without this file, is `cacheComponents: false`.)
const nextConfig: NextConfig = {
  /* config options here */
  cacheComponents: true,
  partialPrefetching: true,
}

export default nextConfig
