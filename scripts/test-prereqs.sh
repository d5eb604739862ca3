#!/usr/bin/env bash
# First step of `npm test`: the machine packages the tests need, from Debian.
#   chromium           browser tests (Playwright drives /usr/bin/chromium; nothing downloads a browser)
#   postgresql         the store tests on PostgreSQL (server/test/postgres-cluster.ts starts a throwaway cluster)
#   nginx              the load-balancer recipe's tests (server/system-tests/)
#   openssl            a self-signed certificate for the TLS recipe's test
#   gettext-base       envsubst, which renders deploy/nginx templates as the operations guide says
#   fonts-dejavu-core  a font for headless Chromium's text, screenshots and Lighthouse
# As root (CI, a fresh container) a missing package is installed with apt-get; otherwise the
# script stops and prints the one command to run. CHROMIUM_PATH points at another Chromium.
set -euo pipefail

missing=()
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[[ -x "$chromium" ]] || missing+=(chromium)
compgen -G "/usr/lib/postgresql/*/bin/pg_ctl" >/dev/null || missing+=(postgresql)
[[ -x /usr/sbin/nginx ]] || command -v nginx >/dev/null 2>&1 || missing+=(nginx)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
command -v envsubst >/dev/null 2>&1 || missing+=(gettext-base)
[[ -d /usr/share/fonts/truetype/dejavu ]] || missing+=(fonts-dejavu-core)

if ((${#missing[@]} == 0)); then
  echo "test prerequisites: chromium, postgresql, nginx, openssl, envsubst, fonts-dejavu-core present"
  exit 0
fi

command="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "test prerequisites: installing ${missing[*]} (Debian packages)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
  exit 0
fi

echo "The tests need these Debian packages: ${missing[*]}. Install them with:" >&2
echo "  sudo sh -c '$command'" >&2
exit 1
