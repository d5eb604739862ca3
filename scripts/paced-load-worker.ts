import { parentPort, workerData } from "node:worker_threads"
import { lowerThisThreadsPriority } from "../server/thread-priority"
import { type PacedLoad, pacedPosts } from "./paced-load"

// pacedPosts on a thread of its own (paced-load.ts, inAnotherThread): a load that must not
// share the measuring thread's event loop.
// It stands for visitors on other machines: when it and the measured server both want this
// machine's CPU, the server goes first (a bench artefact removed, not a server's gain).
lowerThisThreadsPriority(10)
void pacedPosts(workerData as PacedLoad).then((result) => parentPort!.postMessage(result))
