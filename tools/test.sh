#!/usr/bin/env bash
# The test command: installs what the tests need, then runs every test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
swift build --build-tests
swift test --skip-build "$@"
