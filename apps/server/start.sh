#!/bin/sh
# The production server as `pnpm start` and the bench run it: the one place its Node flags are set.
# A capped old space keeps the resident memory under load below 200 MB (issue 22; docs/benchmarks.md):
# without it V8 lets the heap grow to hundreds of MB before collecting. The exports stream a page at
# a time, so no request needs more.
exec node --max-old-space-size=128 "$(dirname "$0")/dist/server/index.js"
