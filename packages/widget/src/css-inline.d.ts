// CSS imported as text at build time (Vite's `?inline`), for the Shadow DOM stylesheets.
declare module '*.css?inline' {
  const css: string
  export default css
}
