import type { IGatsbyImageData } from "gatsby-plugin-image"
import React from "react"

/** gatsbyImageData from a page query: AVIF and WebP sources at each breakpoint width, a fallback. */
export type PictureImage = IGatsbyImageData

type Props = {
  image: PictureImage
  alt: string
  /** The page's largest paint: eager, fetchpriority="high", no placeholder. */
  priority?: boolean
  /** The displayed width, for the browser's choice among the widths. */
  sizes: string
  className?: string
}

/**
 * Gatsby's processed image as plain HTML (<picture> with AVIF, WebP, fallback). Not
 * <GatsbyImage>: its script would join every page's first load, and its fade-in from opacity 0
 * delays the largest paint. Width and height are explicit (no layout shift); a lazy image shows
 * its dominant colour until it arrives; the priority image has no placeholder at all.
 */
export function Picture({ image, alt, priority = false, sizes, className = "" }: Props) {
  const { fallback, sources = [] } = image.images
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        {...(priority ? { fetchpriority: "high" } : {})}
        style={
          priority || !image.backgroundColor
            ? undefined
            : { backgroundColor: image.backgroundColor }
        }
        className={`h-auto w-full ${className}`}
      />
    </picture>
  )
}
