#!/usr/bin/env bash
# The whole test suite: formatting and static checks, every package's tests on the embedded PGlite, and, when
# TEST_DATABASE_URL names a Postgres server, the database-backed suites again against it.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup-test-deps.sh

pnpm exec prettier --check --log-level warn .

pg_url="${TEST_DATABASE_URL:-}"
# Two tasks at a time on these 2-core machines: turbo's default of 10 ran lint, typecheck and every
# suite's test workers at once, and a client test that takes 0.8 s alone ran past its 20 s timeout.
# Two tasks kept 1.76 of the 2 cores busy, so the default could save under a minute at best.
TEST_DATABASE_URL= pnpm exec turbo run lint typecheck test --output-logs=errors-only --concurrency=2 \
  --filter='!@fiveconnect/e2e'
# The browser journeys run alone: they start the production server and Chromium, which a 2-core
# machine cannot do reliably beside the other suites.
pnpm exec turbo run lint typecheck test --output-logs=errors-only --filter=@fiveconnect/e2e

if [ -n "$pg_url" ]; then
  echo "Database suites against Postgres ($pg_url)"
  TEST_DATABASE_URL="$pg_url" pnpm exec turbo run test --output-logs=errors-only --concurrency=2 \
    --filter=@fiveconnect/db --filter=@fiveconnect/api --filter=@fiveconnect/server
fi

# The benchmark's small preset, so CI proves it runs end to end; its figures are reported in
# bench/results-small.md, never asserted.
pnpm bench --size small
