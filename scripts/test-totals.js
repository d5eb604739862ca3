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
// The names of the failed tests, printed above the total: CI shows only the end of its log.
const failures = []

function jestFailures(report) {
  for (const suite of report.testResults ?? []) {
    if (suite.status === "failed" && (suite.assertionResults ?? []).length === 0)
      failures.push(
        `${suite.name}: ${
          String(suite.message ?? "")
            .split("\n")
            .find(Boolean) ?? "suite failed"
        }`,
      )
    for (const test of suite.assertionResults ?? [])
      if (test.status === "failed") failures.push(`${suite.name}: ${test.fullName}`)
  }
}

function playwrightFailures(suites, file) {
  for (const suite of suites ?? []) {
    const where = suite.file ?? file
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "unexpected") {
          const error = test.results?.at(-1)?.error?.message ?? ""
          failures.push(`${where}: ${spec.title} (${test.projectName}) ${error.split("\n")[0]}`)
        }
    playwrightFailures(suite.suites, where)
  }
}

const jest = read("reports/jest.json")
if (jest) {
  passed += jest.numPassedTests
  failed += jest.numFailedTests + (jest.numRuntimeErrorTestSuites ?? 0)
  jestFailures(jest)
} else missing = true

// Publishing under load (npm run test:publish): jest's format, run alone after the browser tests.
const publish = read("reports/jest-publish.json")
if (publish) {
  passed += publish.numPassedTests
  failed += publish.numFailedTests + (publish.numRuntimeErrorTestSuites ?? 0)
  jestFailures(publish)
} else missing = true

const e2e = read("reports/e2e.json")
if (e2e) {
  passed += e2e.stats.expected + (e2e.stats.flaky ?? 0)
  failed += e2e.stats.unexpected
  playwrightFailures(e2e.suites)
} else missing = true

// eslint-disable-next-line no-control-regex
for (const failure of failures) console.log(`failed: ${failure.replace(/\x1b\[[0-9;]*m/g, "")}`)

console.log(`${passed} passed, ${failed} failed`)
process.exit(missing || failed > 0 ? 1 : 0)
