import http from "node:http"
import https from "node:https"

// One HTTP(S) request from a test, on a connection of its own. A `path` in the options is
// sent exactly as written (the URL's would be normalised: "/a/../b", "%2e%2e").

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

export function request(
  url: string,
  options: https.RequestOptions & { body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const get = url.startsWith("https:") ? https.request : http.request
    const req = get(url, { agent: false, ...options }, (response) => {
      const chunks: Buffer[] = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      )
      response.on("error", reject)
    })
    req.on("error", reject)
    req.end(options.body)
  })
}
