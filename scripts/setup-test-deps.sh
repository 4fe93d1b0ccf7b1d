#!/usr/bin/env bash
# Installs what the tests need beyond npm packages, once; safe to run again.
set -euo pipefail

# Debian packages, as command → package; only the missing ones are installed.
declare -A apt_packages=(
  [chromium]=chromium
  [ffmpeg]=ffmpeg
  [ffprobe]=ffmpeg
  [espeak-ng]=espeak-ng
  [pocketsphinx_continuous]=pocketsphinx
  # Venue noise mixed under the spoken notes the offline engine is measured on.
  [sox]=sox
  [soxi]=sox
  # pnpm backup / restore on Postgres, and their tests.
  [pg_dump]=postgresql-client
  [pg_restore]=postgresql-client
  [psql]=postgresql-client
  # A real CardDAV client for the address-book tests.
  [vdirsyncer]=vdirsyncer
  # The load balancer in front of the scale-out soak's instances (pnpm soak:cluster).
  [haproxy]=haproxy
  # Lists the fonts Chromium can use (below).
  [fc-list]=fontconfig
)
# The fonts the photographed business cards are printed in (e2e/src/business-cards.ts), upright and
# italic, as fontconfig pattern → package: without them Chromium prints the cards in other faces.
declare -A font_packages=(
  ['DejaVu Sans']=fonts-dejavu-core
  ['DejaVu Sans Mono']=fonts-dejavu-core
  ['DejaVu Serif']=fonts-dejavu-core
  ['DejaVu Serif:slant=100']=fonts-dejavu-extra
  ['DejaVu Sans Condensed']=fonts-dejavu-extra
  ['DejaVu Sans Condensed:slant=110']=fonts-dejavu-extra
  ['Liberation Sans']=fonts-liberation2
  ['Liberation Serif']=fonts-liberation2
  ['Nimbus Sans']=fonts-urw-base35
  ['C059']=fonts-urw-base35
  ['URW Gothic']=fonts-urw-base35
)

missing=()
for command in "${!apt_packages[@]}"; do
  command -v "$command" >/dev/null 2>&1 || missing+=("${apt_packages[$command]}")
done
for pattern in "${!font_packages[@]}"; do
  [ -n "$(fc-list "$pattern" family 2>/dev/null)" ] || missing+=("${font_packages[$pattern]}")
done
# The offline engine's English model is data, not a command.
[ -d /usr/share/pocketsphinx/model/en-us/en-us ] || missing+=(pocketsphinx-en-us)
# The independent iCalendar parser that reads the calendar feed back is a module of Debian's own
# Python (not whichever python3 comes first on PATH, such as a pyenv one).
/usr/bin/python3 -c 'import icalendar' >/dev/null 2>&1 || missing+=(python3-icalendar)
# The same for the vCard reader that reads synced address-book cards back.
/usr/bin/python3 -c 'import vobject' >/dev/null 2>&1 || missing+=(python3-vobject)
# The S3-compatible server for the storage tests is s3rver, an npm dev dependency of the server:
# `pnpm install` brings it, and the S3 suites start and stop it on a free loopback port.
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u | sed '/^$/d')

if [ ${#missing[@]} -gt 0 ]; then
  sudo=''
  [ "$(id -u)" -eq 0 ] || sudo='sudo'
  echo "Installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
