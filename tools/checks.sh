#!/usr/bin/env bash
# The checks CI runs besides the tests and the fuzzing: run them before every push.
set -euo pipefail
cd "$(dirname "$0")/.."
# The style holds without review: the sources are as swift-format (.swift-format) writes them.
tools/format.sh --check
# DEPENDENCIES.md is what tools/dependencies.py writes (targets, every module's folders; no folder cycle in any module).
tools/dependencies.py --check
# Unsafe code only in TouchKit's Records/SlotTable.swift; no reach into the environment's records.
tools/check-unsafe.py
# Recognizers reach the engine only through GestureRecognizerContext and public API.
tools/check-recognizer-doors.py
# Every conversion from a floating value to an integer goes through init(saturating:).
tools/audit-float-conversions.sh
# docs/public-api.md lists exactly what the compiler exports; the tool-only modules export nothing.
tools/check-api-docs.py
# The bundled scenes validate against docs/scene.schema.json (skipped without python3-jsonschema).
tools/check-schema.py
# docs/rules.md is what `touchscope rules --markdown` prints (every rule with its provenance).
swift build --product touchscope >/dev/null
if ! diff -q <(.build/debug/touchscope rules --markdown) docs/rules.md >/dev/null; then
  echo "docs/rules.md is stale: run .build/debug/touchscope rules --markdown > docs/rules.md" >&2
  exit 1
fi
echo "rules: docs/rules.md is current"
