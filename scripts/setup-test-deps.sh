#!/usr/bin/env bash
# Installs what the tests need beyond npm packages, once; safe to run again.
set -euo pipefail
echo "Test dependencies: nothing beyond npm packages yet."
