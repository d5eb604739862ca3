// Prints the total of every test that ran, jest's and the browser tests' together, as the
// last line of CI: "N passed, N failed". Exits non-zero when a report is missing.
const fs = require("node:fs")

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"))
  } catch {
    console.error(`missing test report: ${file}`)
    return null
  }
}

let passed = 0
let failed = 0
let missing = false

const jest = read("reports/jest.json")
if (jest) {
  passed += jest.numPassedTests
  failed += jest.numFailedTests + (jest.numRuntimeErrorTestSuites ?? 0)
} else missing = true

// Publishing under load (npm run test:publish): jest's format, run alone after the browser tests.
const publish = read("reports/jest-publish.json")
if (publish) {
  passed += publish.numPassedTests
  failed += publish.numFailedTests + (publish.numRuntimeErrorTestSuites ?? 0)
} else missing = true

const e2e = read("reports/e2e.json")
if (e2e) {
  passed += e2e.stats.expected + (e2e.stats.flaky ?? 0)
  failed += e2e.stats.unexpected
} else missing = true

console.log(`${passed} passed, ${failed} failed`)
process.exit(missing || failed > 0 ? 1 : 0)
