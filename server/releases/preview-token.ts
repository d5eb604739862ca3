import fs from "node:fs"
import { endpoints } from "../../contract/endpoints"
import type { ReleasesRepository } from "../store/releases"
import { previewTokenFile, releaseDir } from "./folders"

/**
 * The plain token, for the owners who share the link (the admin's Releases view, `npm run
 * publish -- --preview`): beside the build log, outside public/, readable by the server's
 * user only; pruning the preview removes it.
 */
export function readPreviewToken(root: string, id: string): string | null {
  const file = previewTokenFile(root, id)
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : null
}

/**
 * The repository the publisher is given: a new preview's plain token goes to its folder
 * before the store keeps its hash (the publisher made the folder just before).
 */
export function keepingPreviewTokens(
  releases: ReleasesRepository,
  root: string,
): ReleasesRepository {
  return {
    ...releases,
    async create(release) {
      if (release.preview_token) {
        fs.mkdirSync(releaseDir(root, release.id), { recursive: true })
        fs.writeFileSync(previewTokenFile(root, release.id), `${release.preview_token}\n`, {
          mode: 0o600,
        })
      }
      await releases.create(release)
    },
  }
}

const PREVIEW_PREFIX = endpoints.openPreview.path.replace(/:token$/, "")

/** A request path as logged: a preview link's token never reaches a log line. */
export const withoutPreviewToken = (urlPath: string) =>
  urlPath.startsWith(PREVIEW_PREFIX) ? `${PREVIEW_PREFIX}<token>` : urlPath
