// Webpack turns an imported font file into its public URL (gatsby-ssr.tsx preloads one).
declare module "*.woff2" {
  const url: string
  export default url
}
