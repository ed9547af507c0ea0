#!/usr/bin/env bash
# Formats the Swift sources with the toolchain's swift-format and the rules in .swift-format.
#   tools/format.sh          rewrite the files in place
#   tools/format.sh --check  change nothing; fail on any difference (CI runs this)
# Tests/GeneratedGoldenTests is left alone: `touchscope export --swift-test` writes it, and a
# test checks it is exactly what the exporter writes.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Capture Fuzz/Targets Tests/TouchKitTests Tests/TouchScenesTests Tests/TouchReplayTests
  Tests/TouchScopeCLITests Tests/TouchScopeSDLTests Tests/TouchScopeCaptureTests)
if [ "${1:-}" = "--check" ]; then
  swift format lint --strict --recursive "${paths[@]}"
  echo "swift-format: no differences"
else
  swift format format --in-place --recursive "${paths[@]}"
fi
