import type { PictureImage } from "../components/ui/picture"
import { withResponsiveImages } from "./post-images"

const image = {
  layout: "constrained",
  width: 768,
  height: 336,
  backgroundColor: "#f8f8f8",
  images: {
    fallback: {
      src: "/static/a/calcul.png",
      srcSet: "/static/a/384/calcul.png 384w,/static/a/768/calcul.png 768w",
    },
    sources: [
      {
        type: "image/avif",
        srcSet: "/static/a/384/calcul.avif 384w,/static/a/768/calcul.avif 768w",
      },
      {
        type: "image/webp",
        srcSet: "/static/a/384/calcul.webp 384w,/static/a/768/calcul.webp 768w",
      },
    ],
  },
} as PictureImage

describe("images inside a post", () => {
  const html =
    '<p>Texte</p>\n<p><img src="../../images/blog/nps/calcul.png" alt="Le calcul ' +
    '&quot;NPS&quot;"></p>\n<p><img src="https://elsewhere.example/x.png" alt="x"></p>'
  const result = withResponsiveImages(html, new Map([["calcul", image]]), "720px")

  it("become a picture with AVIF and WebP sources, explicit size, lazy, dominant colour and the author's alt", () => {
    expect(result).toContain(
      '<source type="image/avif" srcset="/static/a/384/calcul.avif 384w,/static/a/768/calcul.avif 768w" sizes="720px">',
    )
    expect(result).toContain('<source type="image/webp"')
    expect(result).toMatch(
      new RegExp(
        '<img src="/static/a/calcul.png" srcset="[^"]+" sizes="720px" width="768" height="336" ' +
          'alt="Le calcul &quot;NPS&quot;" loading="lazy" decoding="async" ' +
          'style="background-color:#f8f8f8"',
      ),
    )
  })

  it("leaves an image that is not among the post's images as written", () => {
    expect(result).toContain('<img src="https://elsewhere.example/x.png" alt="x">')
    expect(result.match(/<picture>/g)).toHaveLength(1)
  })
})
