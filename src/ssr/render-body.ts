// The page's body rendered to HTML, in place of Gatsby's own call (gatsby-ssr.tsx's
// replaceRenderer). Gatsby streams it with React 18.3's renderToPipeableStream, whose Node
// writer fills 2 KB views and, when the next character's UTF-8 bytes would straddle the end of
// one, sends the whole view, unused zero bytes included (facebook/react#31134, fixed in React
// 19; facebook/docusaurus#9985). A page then held "L\0ösungen". The same renderer is called
// here and exactly those bytes are left out: the zeros ending a full view whose next chunk
// opens with a multi-byte character. renderToString would not pad, but it renders no lazy part
// (the footer) on the server.
import { Writable } from "stream"
import type { ReactNode } from "react"
import { renderToPipeableStream } from "react-dom/server"

/** React's view size (ReactServerStreamConfigNode's VIEW_SIZE). */
const VIEW_SIZE = 2048
/** A UTF-8 lead byte of a two- to four-byte character. */
const isLeadByte = (byte: number | undefined) => byte !== undefined && byte >= 0xc2 && byte <= 0xf4

/** The chunks with the padding of each full view before a multi-byte character removed. */
export function withoutPadding(chunks: readonly Uint8Array[]): Buffer {
  return Buffer.concat(
    chunks.map((chunk, index) => {
      if (chunk.length !== VIEW_SIZE || !isLeadByte(chunks[index + 1]?.[0])) return chunk
      let end = chunk.length
      // A character is at most four bytes, so at most three are left unused.
      while (end > chunk.length - 3 && chunk[end - 1] === 0) end--
      return chunk.subarray(0, end)
    }),
  )
}

/** The HTML of `element`, with every lazy part rendered, as Gatsby's production build does. */
export function renderBody(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = []
    const sink = new Writable({
      write(chunk: Uint8Array, _encoding, next) {
        chunks.push(Uint8Array.from(chunk))
        next()
      },
      final(done) {
        resolve(withoutPadding(chunks).toString("utf8"))
        done()
      },
    })
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () => pipe(sink),
      onError: reject,
    })
  })
}
