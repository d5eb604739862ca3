import { Type } from "@sinclair/typebox"

export const Health = Type.Object({ status: Type.Literal("ok"), store: Type.Union([Type.Literal("sqlite"), Type.Literal("postgres")]) })
