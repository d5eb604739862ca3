import type { PictureImage } from "../components/ui/picture"

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]

/**
 * A post's Markdown images (`![alt](../../images/blog/<slug>/<name>.png)`) as the same
 * <picture> the templates render: AVIF and WebP at each width, explicit size, lazy, with the
 * dominant colour until loaded. Done on the HTML that gatsby-transformer-remark produced, with
 * the post's images from the page query; gatsby-remark-images would add a fade-in script to
 * every page's first load. An image not found among them is left as it is.
 */
export function withResponsiveImages(
  html: string,
  images: ReadonlyMap<string, PictureImage>,
  sizes: string,
): string {
  return html.replace(/<img\b[^>]*>/g, (tag) => {
    const src = attribute(tag, "src")
    const name = src
      ? decodeURI(src)
          .split("/")
          .pop()!
          .replace(/\.\w+$/, "")
      : undefined
    const image = name ? images.get(name) : undefined
    if (!image) return tag
    const alt = attribute(tag, "alt") ?? ""
    const sources = (image.images.sources ?? [])
      .map((source) => `<source type="${source.type}" srcset="${source.srcSet}" sizes="${sizes}">`)
      .join("")
    const fallback = image.images.fallback
    const background = image.backgroundColor
      ? ` style="background-color:${image.backgroundColor}"`
      : ""
    return (
      `<picture>${sources}<img ` +
      `src="${fallback?.src ?? src}"${fallback?.srcSet ? ` srcset="${fallback.srcSet}"` : ""} sizes="${sizes}" ` +
      `width="${image.width}" height="${image.height}" alt="${alt}" loading="lazy" ` +
      `decoding="async"${background} class="h-auto w-full rounded-xl"></picture>`
    )
  })
}
