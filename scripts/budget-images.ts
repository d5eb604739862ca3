// Image bytes per page for `npm run budget`: the files the browser fetched (AVIF or WebP as
// Chromium chooses, at the width its srcset picks), by the load event and after scrolling
// through the page (the lazy ones), as stored in public/ (images are not compressed further).
import fs from "node:fs"
import path from "node:path"

export type ImageBytes = { atLoad: number; afterScroll: number; files: number }

export function fileBytes(publicDir: string, urlPaths: Iterable<string>): number {
  let total = 0
  for (const urlPath of urlPaths) {
    const file = path.join(publicDir, decodeURIComponent(urlPath))
    if (fs.existsSync(file)) total += fs.statSync(file).size
  }
  return total
}

export function printImageBytes(
  visits: { page: string; viewport: string; images: ImageBytes }[],
): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  const withImages = visits.filter((visit) => visit.images.files > 0)
  console.log(
    `info image bytes per page (${withImages.length} of ${visits.length} visits fetch images; others none):`,
  )
  for (const visit of withImages) {
    console.log(
      `     ${`${visit.page} (${visit.viewport})`.padEnd(52)} ${kb(visit.images.atLoad).padStart(9)} at ` +
        `load, ${kb(visit.images.afterScroll).padStart(9)} after scrolling, ${visit.images.files} files`,
    )
  }
}
