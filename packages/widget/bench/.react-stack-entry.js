export * from '@docchat/react'
export * from '@docchat/headless'
export * from '@docchat/widget'
export { createDocsClient } from '@docchat/core'
