#!/usr/bin/env bash
# The journeys' web server (playwright.config.ts): the production build, served by `next start` on the
# port given, both on the journeys' Node.js (E2E_NODE: e2e/support/journey-node.ts resolves Node.js 24).
# Prints how long the build took, which .ci/run reports as a stage of its own.
set -euo pipefail
port=$1
node=${E2E_NODE:?E2E_NODE names the Node.js binary the journeys run on}
# Whatever the build and the server start as `node` (Turbopack's workers, for one) runs on it too.
if [[ "$node" == */* ]]; then PATH="$(dirname "$node"):$PATH"; fi

# Each run starts on an empty embedded database: what a run minutes earlier left (its sign-in failures
# from 127.0.0.1, counted for 15 minutes) would make this run's sign-ins wait,
# so `npm test` run twice in a row failed the second time.
rm -rf .data/e2e

started=$SECONDS
echo "== e2e build on Node.js $("$node" --version)"
"$node" node_modules/next/dist/bin/next build
echo "== e2e build: $((SECONDS - started)) s"
# As `npm start` serves production (package.json): idle connections kept 65 s (README, Deploying).
exec "$node" node_modules/next/dist/bin/next start -p "$port" --keepAliveTimeout 65000
