#!/usr/bin/env bash
# Renders the README's pictures from bundled sessions, headless (the same frames the window draws).
# Run it after a change in drawing; look at every picture before committing.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product touchscope
bin=.build/debug/touchscope
goldens=Tests/TouchReplayTests/Goldens
"$bin" render --session Scenes/sessions/floating-menu.session -o docs/images/floating-menu.png
"$bin" render --session "$goldens/kitchen-sink.session" --at 1.0 -o docs/images/kitchen-sink.png
"$bin" render --session "$goldens/kitchen-sink.session" --at 5.05 -o docs/images/kitchen-sink-scrolled.png
"$bin" render --session "$goldens/bug-transparent-overlay.session" --at 0.3 --inspect covered -o docs/images/why-covered.png
"$bin" export Scenes/sessions/floating-menu.session --gif docs/images/floating-menu.gif
