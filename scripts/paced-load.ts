import http from "node:http"
import path from "node:path"
import { Worker } from "node:worker_threads"

export interface PacedLoad {
  url: string
  /** Requests a second, sent evenly: one every 1000/rate ms, whether or not the last has answered. */
  rate: number
  durationS: number
  /** Keep-alive connections the requests share. */
  sockets: number
  headers: Record<string, string>
  body: string
}

export interface PacedResult {
  sent: number
  /** Answers outside 2xx, and requests that failed. */
  errors: number
  p50: number
  p99: number
  max: number
}

/**
 * Requests at a steady rate, each timed from its send to the end of its answer (open loop, as
 * visitors arrive). autocannon's `overallRate` sends each second's requests at once at the
 * start of the second, and corrects for coordinated omission with a 1 ms expected interval, so
 * its p99 for a few hundred requests a second is the tail of its own bursts, not of the server.
 */
export async function pacedPosts(load: PacedLoad): Promise<PacedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: load.sockets })
  const headers = { ...load.headers, "content-length": String(Buffer.byteLength(load.body)) }
  const latencies: number[] = []
  let errors = 0
  const post = () =>
    new Promise<void>((resolve) => {
      const start = performance.now()
      const request = http.request(load.url, { method: "POST", agent, headers }, (response) => {
        response.resume()
        response.on("end", () => {
          if (response.statusCode! >= 200 && response.statusCode! < 300)
            latencies.push(performance.now() - start)
          else errors += 1
          resolve()
        })
      })
      request.on("error", () => {
        errors += 1
        resolve()
      })
      request.end(load.body)
    })
  const total = Math.round(load.rate * load.durationS)
  const interval = 1000 / load.rate
  const started = performance.now()
  const inFlight: Promise<void>[] = []
  for (let i = 0; i < total; i++) {
    const wait = started + i * interval - performance.now()
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait))
    inFlight.push(post())
  }
  await Promise.all(inFlight)
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (q: number) =>
    latencies.length ? Math.round(10 * latencies[Math.floor(q * (latencies.length - 1))]) / 10 : NaN
  return { sent: total, errors, p50: at(0.5), p99: at(0.99), max: at(1) }
}

/** pacedPosts in a worker thread: a heavy load beside a measured one keeps its own event loop. */
export function pacedPostsInAnotherThread(load: PacedLoad): Promise<PacedResult> {
  return new Promise((resolve, reject) => {
    // The worker runs the TypeScript file through tsx's require hook, as this process does.
    const file = path.join(__dirname, "paced-load-worker.ts")
    const worker = new Worker(`require("tsx/cjs"); require(${JSON.stringify(file)})`, {
      eval: true,
      workerData: load,
    })
    worker.once("message", (result: PacedResult) => {
      resolve(result)
      void worker.terminate()
    })
    worker.once("error", reject)
  })
}
