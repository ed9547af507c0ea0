#!/usr/bin/env python3
"""Holds the engine to its one file of unsafe code.

In TouchKit and TouchSwiftUI, only Sources/TouchKit/Records/SlotTable.swift may use
`Unmanaged`, `_withUnsafeGuaranteedRef`, `unowned(unsafe)`, unsafe pointers and buffers, or
`unsafeDowncast`, `unsafeBitCast` or `@exclusivity(unchecked)` (elsewhere, `_exactCast` checks
the class first, and the fields every event reads or writes live in a `RecordCell`); the
trace codec (Trace/TraceStore*.swift: its byte chunks) and the hit-test override table
(Views/HitTestOverrides.swift: it reads class metadata) are the two stated exceptions. No
file reaches into a recognizer's or a touch's storage (`._context`, `._routing`): the gesture
environment owns those records."""
import os
import re
import sys

ROOTS = ["Sources/TouchKit", "Sources/TouchSwiftUI"]
UNSAFE_FILE = "Sources/TouchKit/Records/SlotTable.swift"
EXCEPTIONS = {
    "Sources/TouchKit/Trace/TraceStore.swift",
    "Sources/TouchKit/Trace/TraceStore+Codec.swift",
    "Sources/TouchKit/Core/Views/HitTestOverrides.swift",
}
UNSAFE = re.compile(
    r"\bUnmanaged\b|_withUnsafeGuaranteedRef|unowned\(unsafe\)|\bUnsafe(Mutable)?(Raw)?(Buffer)?Pointer\b"
    r"|withUnsafe(Mutable)?(Bytes|BufferPointer|TemporaryAllocation)|\bunsafeAddress\b|unsafeMutableAddress"
    r"|\bunsafeDowncast\b|\bunsafeBitCast\b")
# Not even in the two exceptions, nor in any other module: a field every event reads or writes
# lives in a RecordCell (declared in the one file) instead.
EXCLUSIVITY = "@exclusivity(unchecked)"
REACH = re.compile(r"\._context\b|\._routing\b")


def code_lines(path):
    """The file's lines with comments and string literals blanked (they may name anything)."""
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        line = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', line)
        yield number, line.split("//", 1)[0]


problems = []
for directory, _, names in os.walk("Sources"):
    engine = any(directory == root or directory.startswith(root + os.sep) for root in ROOTS)
    for name in sorted(names):
        path = os.path.join(directory, name)
        if not name.endswith(".swift"):
            continue
        for number, line in code_lines(path):
            if path != UNSAFE_FILE and EXCLUSIVITY in line:
                problems.append(f"{path}:{number}: {EXCLUSIVITY} outside {UNSAFE_FILE} (use a RecordCell)")
            if not engine:
                continue
            if REACH.search(line):
                problems.append(f"{path}:{number}: reaches into a record the gesture environment owns")
            if path != UNSAFE_FILE and path not in EXCEPTIONS and UNSAFE.search(line):
                problems.append(f"{path}:{number}: unsafe code outside {UNSAFE_FILE}: {line.strip()}")

for problem in problems:
    print(problem, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"check-unsafe: unsafe code only in {UNSAFE_FILE} (and the trace codec, the hit-test table); "
      f"no record reaches; no {EXCLUSIVITY} anywhere else")
