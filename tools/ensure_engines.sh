#!/bin/sh
# Make sure the end-to-end tests have the other engines players meet (tests/e2e/test_engines.py):
# WebKitGTK (Safari's engine: WebKitWebDriver and MiniBrowser, run on an Xvfb display) and
# Firefox ESR (driven through its built-in WebDriver BiDi). Debian's packages, installed with
# apt when missing (as root, else with sudo); nothing is downloaded at run time. If they cannot
# be installed this fails loudly, saying what to install: these tests are never skipped.
# $WEBKIT_WEBDRIVER, $MINIBROWSER and $FIREFOX point the tests at other builds.
set -e
PACKAGES=""
if ! { [ -n "$WEBKIT_WEBDRIVER" ] && [ -x "$WEBKIT_WEBDRIVER" ]; } && ! command -v WebKitWebDriver >/dev/null 2>&1; then
  PACKAGES="$PACKAGES webkit2gtk-driver"
fi
if ! { [ -n "$MINIBROWSER" ] && [ -x "$MINIBROWSER" ]; } && ! ls /usr/lib/*/webkit2gtk-4.*/MiniBrowser >/dev/null 2>&1; then
  case "$PACKAGES" in *webkit2gtk-driver*) ;; *) PACKAGES="$PACKAGES webkit2gtk-driver" ;; esac
fi
command -v Xvfb >/dev/null 2>&1 || PACKAGES="$PACKAGES xvfb"
if ! { [ -n "$FIREFOX" ] && [ -x "$FIREFOX" ]; } && ! command -v firefox-esr >/dev/null 2>&1; then
  PACKAGES="$PACKAGES firefox-esr"
fi
[ -z "$PACKAGES" ] && exit 0

fail() {
  echo "" >&2
  echo "The browser tests need WebKitGTK and Firefox ESR:$PACKAGES is missing." >&2
  echo "$1" >&2
  echo "Install Debian's packages:  sudo apt-get install$PACKAGES" >&2
  echo "(or run the tests without them: make unit, or" >&2
  echo " .venv/bin/python -m pytest --deselect tests/e2e/test_engines.py)" >&2
  exit 1
}

[ -f /etc/debian_version ] && command -v apt-get >/dev/null 2>&1 || fail "This is not a Debian system with apt."
SUDO=""
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null 2>&1 || fail "Installing them needs root (or sudo)."
  SUDO="sudo"
fi
APT="$SUDO env DEBIAN_FRONTEND=noninteractive apt-get"
echo "Installing Debian's$PACKAGES for the browser tests…"
# shellcheck disable=SC2086
$APT install -y -q $PACKAGES >/dev/null 2>&1 \
  || { $APT update -q >/dev/null && $APT install -y -q $PACKAGES >/dev/null; } \
  || fail "apt-get could not install them (its messages are above)."
