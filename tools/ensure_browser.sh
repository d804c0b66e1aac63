#!/bin/sh
# Make sure the end-to-end tests have a Chromium: $CHROMIUM or /usr/bin/chromium if present;
# else Debian's package (apt, as root); else Playwright's own build (not Debian, e.g. Ubuntu CI).
set -e
VPY=${VPY:-.venv/bin/python}
if [ -n "$CHROMIUM" ] && [ -x "$CHROMIUM" ]; then exit 0; fi
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ -f /etc/debian_version ] && ! grep -qi ubuntu /etc/os-release 2>/dev/null && command -v apt-get >/dev/null; then
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  echo "Installing Debian's chromium for the browser tests…"
  $SUDO apt-get install -y -q chromium >/dev/null 2>&1 || { $SUDO apt-get update -q >/dev/null && $SUDO apt-get install -y -q chromium >/dev/null; }
  [ -x /usr/bin/chromium ] && exit 0
fi
echo "Installing Playwright's Chromium for the browser tests…"
"$VPY" -m playwright install chromium
