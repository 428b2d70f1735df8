export * from '@docchat/react'
export * from '@docchat/headless'
export * from '@docchat/widget'
