#!/usr/bin/env python3
"""Validates every bundled scene (Scenes/*.json) against docs/scene.schema.json.

The Swift loader is the authority (it also checks references, cycles and limits); this keeps the
published schema honest. Needs the `jsonschema` package; says so and exits 0 without it.
"""
import json
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parent.parent
try:
    import jsonschema
except ImportError:
    print("check-schema: the jsonschema package is not installed; skipped (pip install jsonschema)")
    sys.exit(0)

schema = json.loads((root / "docs" / "scene.schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
failures = 0
files = sorted((root / "Scenes").glob("*.json"))
for path in files:
    errors = sorted(validator.iter_errors(json.loads(path.read_text())), key=lambda e: list(e.path))
    for error in errors:
        failures += 1
        location = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.path).lstrip(".")
        print(f"{path.relative_to(root)}: {location or '(document)'}: {error.message}")
print(f"check-schema: {len(files)} scenes, {failures} problems")
sys.exit(1 if failures else 0)
