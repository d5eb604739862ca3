#!/usr/bin/env bash
# npm test: the Debian packages the tests need, the content check, then jest (the unit and
# server tests, on SQLite and PostgreSQL), the browser tests and the publishing proof
# (server/releases/publish.under-load.test.ts), each writing its report to reports/.
#
# The publishing proof runs beside jest. Its Gatsby build runs at nice 15 and its load is light
# (about 240 requests/s), so it mostly takes the CPU time jest leaves idle (about an eighth of two
# cores); what it asserts (the switch within 5 s on both instances, no failed request, no lost
# message) does not depend on a quiet machine, and the browser tests, whose first paints and
# fades are timed, still run alone after both. Its output is printed when it ends.
set -u
cd "$(dirname "$0")/.."

npm run test:prereqs || exit 1
npm run check:content || exit 1
mkdir -p reports
# One build for every suite, before any of them reads public/.
npx tsx scripts/ensure-build.ts || exit 1

publish_log=reports/publish.log
npm run test:publish >"$publish_log" 2>&1 &
publish_pid=$!
npm run test:unit
unit=$?
wait "$publish_pid"
publish=$?
printf '\n--- the publishing proof, run beside jest\n'
cat "$publish_log"
npm run test:e2e
e2e=$?
exit $((unit || e2e || publish))
