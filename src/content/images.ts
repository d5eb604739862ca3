import { graphql } from "gatsby"

/** content/locales/<language>/images.json: the alt text of each page visual and blog cover. */
export type ImageAlts = Record<string, string | Record<string, string>> & {
  blog: Record<string, string>
}

// Widths for every breakpoint of the hero column (1x and 2x) and the blog's cards and article;
// AVIF and WebP, the PNG master as the fallback; a dominant-colour placeholder for lazy images.
export const query = graphql`
  fragment HeroImage on ImageSharp {
    gatsbyImageData(
      layout: CONSTRAINED
      width: 576
      outputPixelDensities: [0.5, 0.75, 1, 1.5, 2]
      formats: [AUTO, AVIF, WEBP]
      placeholder: NONE
      quality: 70
    )
  }
  fragment CoverImage on ImageSharp {
    gatsbyImageData(
      layout: CONSTRAINED
      width: 768
      outputPixelDensities: [0.5, 0.75, 1, 1.5, 2]
      formats: [AUTO, AVIF, WEBP]
      placeholder: DOMINANT_COLOR
      quality: 70
    )
  }
`
