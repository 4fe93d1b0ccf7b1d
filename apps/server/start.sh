#!/bin/sh
# The production server as `pnpm start` and the bench run it: the one place its Node flags are set.
# A capped heap keeps the resident memory under load below 200 MB (issue 22; docs/benchmarks.md):
# without it V8 lets the heap grow to hundreds of MB before collecting. The old space is capped (the
# exports stream a page at a time, so no request needs more) and the young generation halved, since
# at 50 requests in flight their garbage is what peaks. Under a 128 MB cap V8 lets the old space grow
# only 30% past what the last full collection kept, so on a loaded host it marked the whole heap every
# few hundred requests; growing 70% marks it less than half as often, for the memory that the cap and
# a smaller password hash block (auth/passwords.ts) leave room for.
exec node --max-old-space-size=128 --max-semi-space-size=8 --heap-growing-percent=70 "$(dirname "$0")/dist/server/index.js"
