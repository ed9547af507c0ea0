#!/usr/bin/env bash
# Finds every conversion from a floating value to an integer that is not `init(saturating:)`.
#
# Swift's `Int(_: Double)` traps on NaN, infinities and values out of range; TouchScope converts
# through `FixedWidthInteger.init(saturating:rounding:)` instead (Sources/TouchSupport/Numbers). The
# compiler is the checker: a copy of each Swift target gets initializers that shadow the standard
# ones for Double, CGFloat and Float and are deprecated, so each unchecked conversion is a warning
# at its line. The build goes to its own scratch path and the shadows are removed afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
marker="UNCHECKED-FLOAT-TO-INTEGER"
shadow="$(mktemp)"
{
  echo "import Foundation"
  for integer in Int Int64 Int32 Int16 Int8 UInt UInt64 UInt32 UInt16 UInt8; do
    echo "extension $integer {"
    for floating in Double CGFloat Float; do
      echo "    @available(*, deprecated, message: \"$marker: use init(saturating:)\") init(_ value: $floating) { fatalError() }"
    done
    echo "}"
  done
} >"$shadow"
placed=()
cleanup() {
  for file in "${placed[@]}"; do rm -f "$file"; done
  rm -f "$shadow"
}
trap cleanup EXIT
for target in Sources/*/; do
  if compgen -G "$target*.swift" >/dev/null || compgen -G "$target*/*.swift" >/dev/null; then
    file="${target}ZZFloatConversionAudit.swift"
    cp "$shadow" "$file"
    placed+=("$file")
  fi
done
log="$(mktemp)"
if ! swift build --scratch-path .build/float-audit >"$log" 2>&1; then
  cat "$log"
  echo "audit-float-conversions: the audit build failed" >&2
  exit 2
fi
found="$(grep -E "^/.*warning: .*$marker" "$log" | sed -E 's/: warning:.*//' | sort -u || true)"
rm -f "$log"
if [[ -n "$found" ]]; then
  echo "Unchecked conversions from a floating value to an integer (use init(saturating:)):"
  while IFS=: read -r path line _; do
    echo "  ${path#"$PWD/"}:$line: $(sed -n "${line}p" "$path" | sed -E 's/^ +//')"
  done <<<"$found"
  exit 1
fi
echo "audit-float-conversions: every conversion from a floating value to an integer is checked"
