import { type Static, Type } from "@sinclair/typebox"
import { Nullable, StringEnum } from "./text"

/** How a release came to be built (server/releases/publisher.ts). */
export const RELEASE_TRIGGERS = ["command", "admin", "webhook", "schedule"] as const
export const RELEASE_STATUSES = ["building", "ready", "failed", "pruned"] as const
/** Why a build failed, for people (the admin says it in their language; the log has the rest). */
export const RELEASE_ERRORS = [
  "repository",
  "fetch",
  "running_code",
  "links",
  "code_changes",
  "dependencies",
  "content_check",
  "build",
  "timeout",
  "verify",
  "interrupted",
  "disk_full",
  "internal",
] as const
export type ReleaseError = (typeof RELEASE_ERRORS)[number]

/** A release id: its start time, a commit or "local", and a random part (server/releases/folders.ts). */
export const ReleaseIdParams = Type.Object(
  { id: Type.String({ pattern: "^\\d{8}T\\d{6}Z-[0-9a-z]+-[0-9a-f]{6}$", maxLength: 64 }) },
  { additionalProperties: false },
)

/** One build of the site, live or preview, as the admin's Releases view lists it. */
export const Release = Type.Object({
  id: Type.String(),
  kind: StringEnum(["live", "preview"] as const),
  status: StringEnum(RELEASE_STATUSES),
  trigger: StringEnum(RELEASE_TRIGGERS),
  /** Who asked: an admin's username, "github" for a push; null for a shell or the timer. */
  actor: Nullable(Type.String()),
  commit: Nullable(Type.String()),
  startedAt: Type.String(),
  finishedAt: Nullable(Type.String()),
  /** How long the build took, in seconds. */
  seconds: Nullable(Type.Number()),
  /** Why it failed: a kind the admin words in each language... */
  errorCode: Nullable(StringEnum(RELEASE_ERRORS)),
  /** ...and the technical sentence (English, for the operator); the whole log is at .../log. */
  error: Nullable(Type.String()),
  /** The first post this release held back, due at this time (an ISO date). */
  nextDueAt: Nullable(Type.String()),
  /** A ready preview's secret link (owners only see it). */
  previewPath: Nullable(Type.String()),
})
export type Release = Static<typeof Release>

export const ReleasesOverview = Type.Object({
  live: Nullable(
    Type.Object({
      id: Type.String(),
      switchedAt: Type.String(),
      switchedBy: Nullable(Type.String()),
    }),
  ),
  /** A build holds the publisher now. */
  building: Type.Boolean(),
  /** A publish asked during that build, built after it (the latest asker; earlier ones coalesced). */
  queued: Nullable(
    Type.Object({
      trigger: StringEnum(RELEASE_TRIGGERS),
      actor: Nullable(Type.String()),
      askedAt: Type.String(),
    }),
  ),
  /** The newest first (the latest 30). */
  releases: Type.Array(Release),
})
export type ReleasesOverview = Static<typeof ReleasesOverview>

export const ReleaseLog = Type.Object({ id: Type.String(), log: Type.String() })
export type ReleaseLog = Static<typeof ReleaseLog>

/** started: the build runs now; queued: after the running one (coalesced); busy: try again later. */
export const PublishAnswer = Type.Object({ state: StringEnum(["started", "queued"] as const) })
export type PublishAnswer = Static<typeof PublishAnswer>

export const RollbackAnswer = Type.Object({ live: Type.String() })
export type RollbackAnswer = Static<typeof RollbackAnswer>

/** A preview's link: /api/preview/<token> sets the preview cookie and opens the site. */
export const PreviewParams = Type.Object(
  { token: Type.String({ pattern: "^[A-Za-z0-9_-]+$", minLength: 32, maxLength: 32 }) },
  { additionalProperties: false },
)

/** The part of GitHub's push event the publisher reads; the rest is ignored. */
export const PushEvent = Type.Object(
  {
    ref: Type.Optional(Type.String({ maxLength: 300 })),
    /** The commit the branch points at after the push (SHA-1 or SHA-256). */
    after: Type.Optional(Type.String({ pattern: "^[0-9a-f]{40}([0-9a-f]{24})?$" })),
    zen: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
)

export const WebhookAnswer = Type.Object({
  state: StringEnum(["started", "queued", "ignored"] as const),
})
