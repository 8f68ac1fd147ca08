#!/bin/sh
# The test command (`npm test`). It brings up what the tests need and then runs vitest:
# - a private D-Bus session with an unlocked gnome-keyring Secret Service, so that keychain tests
#   run against a real keychain and never touch the developer's own;
# - the local Photo Service and the S3-compatible store are started by the tests themselves,
#   in process, on loopback ports chosen by the system;
# - the intake suites also run under a second time zone.
set -eu

if [ -z "${PHOTO_UPLOADER_TEST_SESSION:-}" ]; then
  if command -v dbus-run-session >/dev/null 2>&1 && command -v gnome-keyring-daemon >/dev/null 2>&1; then
    PHOTO_UPLOADER_TEST_SESSION=1
    XDG_DATA_HOME=$(mktemp -d)
    export PHOTO_UPLOADER_TEST_SESSION XDG_DATA_HOME
    exec dbus-run-session -- sh -c 'printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec sh "$0" "$@"' "$0" "$@"
  fi
  echo "run-tests: no dbus-run-session or gnome-keyring-daemon; keychain tests will fail." >&2
  echo "run-tests: install them with: apt-get install -y dbus-x11 gnome-keyring libsecret-1-dev" >&2
fi

if [ "$#" -eq 0 ]; then
  # Capture times must not depend on the machine's zone: the intake suites run once more under a
  # zone far from this machine's (Chatham Islands, UTC+12:45/+13:45) before the whole suite.
  other_tz=Pacific/Chatham
  [ "${TZ:-}" = "$other_tz" ] && other_tz=America/Los_Angeles
  echo "run-tests: intake suites under TZ=$other_tz"
  TZ=$other_tz npx --no-install vitest run test/unit/main/media test/integration/media
fi

exec npx --no-install vitest run "$@"
