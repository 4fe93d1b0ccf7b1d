#!/usr/bin/env bash
# Installs what the benchmark needs beyond npm packages, once; safe to run again.
set -euo pipefail

# Debian packages, as command → package; only the missing ones are installed. pgbench ships with
# Debian's Postgres server package, which postgresql-contrib pulls in.
declare -A apt_packages=(
  [pgbench]=postgresql-contrib
  [chromium]=chromium
)

missing=()
for command in "${!apt_packages[@]}"; do
  command -v "$command" >/dev/null 2>&1 || missing+=("${apt_packages[$command]}")
done

if [ ${#missing[@]} -gt 0 ]; then
  sudo=''
  [ "$(id -u)" -eq 0 ] || sudo='sudo'
  echo "Installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
