import { parentPort, workerData } from "node:worker_threads"
import { type PacedLoad, pacedPosts } from "./paced-load"

// pacedPosts on a thread of its own (paced-load.ts, inAnotherThread): a load that must not
// share the measuring thread's event loop.
void pacedPosts(workerData as PacedLoad).then((result) => parentPort!.postMessage(result))
