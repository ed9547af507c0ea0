#!/usr/bin/env bash
# Re-records the golden sessions of Tests/TouchReplayTests/Goldens from their scripts, their
# semantic goldens (<session>.golden) and the tests generated from them (Tests/GeneratedGoldenTests).
# Run it after a deliberate change in routing; review the diff before committing.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product touchscope
bin=.build/debug/touchscope
for script in Tests/TouchReplayTests/Goldens/*.script.json; do
  name=$(basename "$script" .script.json)
  session=Tests/TouchReplayTests/Goldens/$name.session
  "$bin" record "$name" --script "$script" -o "$session" >/dev/null
  "$bin" replay "$session" --update >/dev/null
  "$bin" export "$session" --swift-test -o "Tests/GeneratedGoldenTests/$name.swift" >/dev/null
  echo "recorded $session"
done
"$bin" record floating-menu --script Scenes/sessions/floating-menu.script.json -o Scenes/sessions/floating-menu.session >/dev/null
"$bin" replay Scenes/sessions/floating-menu.session --update >/dev/null
echo "recorded Scenes/sessions/floating-menu.session"
