#!/usr/bin/env bash
# Runs the engine's test suites under AddressSanitizer: every use of a freed object, a buffer
# overrun or a double free in the engine, the SwiftUI layer, replay and the scenes is a failure
# here, not a silent wrong answer. CI runs it (.ci/run); run it after touching lifetimes.
#   tools/asan.sh            TouchKit, TouchSwiftUI, TouchScenes and TouchReplay tests
#   tools/asan.sh FILTER     only the tests FILTER selects (swift test --filter)
# Built into .build/asan, apart from the normal build. The suite that holds the use-after-free
# that once shipped (RecognizerLifetimeTests, "a delegate that takes a view out of its window")
# fails here when that fix is reverted.
set -euo pipefail
cd "$(dirname "$0")/.."
filter=${1:-'TouchKitTests|TouchSwiftUITests|TouchScenesTests|TouchReplayTests'}
build=.build/asan
swift build --build-tests --build-path "$build" -Xswiftc -sanitize=address
# Leaks are a separate question (LeakSanitizer reports the scene descriptions' conditions and
# timers left pending when a test ends, known and not memory errors): memory errors only.
ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 swift test --skip-build --build-path "$build" --filter "$filter"
