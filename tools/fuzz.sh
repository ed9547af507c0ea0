#!/usr/bin/env bash
# Fuzzes the scene loader, the session loader, the recursiveDescription importer and the engine
# (generated valid scenes and sessions, replayed) with libFuzzer (swiftc -sanitize=fuzzer, Linux). Usage:
#   tools/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     default 60 s each; targets: scene session importer engine
#   tools/fuzz.sh ci                                    what CI runs: seed 1, a fixed number of runs per
#                                                       target (about a minute each), a fresh corpus, so
#                                                       the result does not depend on the machine's speed
# The libraries are built with coverage instrumentation into .build/fuzz, each target is linked
# against them, seeded from Fuzz/Corpus/<target> (plus the test corpora) and run. New inputs go to
# .build/fuzz/corpus/<target>; a crash is saved to Fuzz/crashes/ and the script exits 1. Every crash
# found becomes a regression test (see Fuzz/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
ci=0
if [ "$seconds" = "ci" ]; then ci=1; fi
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(scene session importer engine)

build=.build/fuzz
swift build -c release --build-path "$build" --target TouchReplay \
  -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library >/dev/null
release="$build/release"
objects=()
for module in TouchSupport TouchKit TouchSwiftUI TouchScenes TouchReplay; do
  # The objects of the module's current sources (a file moved elsewhere leaves its old object).
  while IFS= read -r object; do objects+=("$object"); done < <(python3 - "$release/$module.build/output-file-map.json" <<'PY'
import json, os, sys
for source, outputs in json.load(open(sys.argv[1])).items():
    if source and os.path.exists(source) and os.path.exists(outputs.get("object", "")):
        print(outputs["object"])
PY
)
done

mkdir -p Fuzz/crashes
status=0
for target in "${targets[@]}"; do
  case "$target" in
    scene) source=Fuzz/Targets/SceneFuzzer.swift; seeds=(Fuzz/Corpus/scene Tests/TouchScenesTests/Corpus Scenes) ;;
    session) source=Fuzz/Targets/SessionFuzzer.swift; seeds=(Fuzz/Corpus/session Tests/TouchReplayTests/Goldens Scenes/sessions) ;;
    importer) source=Fuzz/Targets/ImporterFuzzer.swift; seeds=(Fuzz/Corpus/dump Tests/TouchScenesTests/Dumps) ;;
    engine) source=Fuzz/Targets/EngineFuzzer.swift; seeds=(Fuzz/Corpus/engine Fuzz/Regressions/engine) ;;
    *) echo "unknown target $target (scene, session, importer, engine)" >&2; exit 64 ;;
  esac
  binary="$build/$target-fuzzer"
  swiftc -O -sanitize=fuzzer -parse-as-library -I "$release/Modules" "$source" "${objects[@]}" -o "$binary"
  corpus="$build/corpus/$target"
  budget=(-max_total_time="$seconds")
  if [ $ci -eq 1 ]; then
    corpus=$(mktemp -d)
    case "$target" in scene) runs=600000 ;; session) runs=100000 ;; importer) runs=80000 ;; engine) runs=5000 ;; esac
    budget=(-seed=1 -runs="$runs")
  fi
  mkdir -p "$corpus"
  existing=()
  for seed in "${seeds[@]}"; do [ -d "$seed" ] && existing+=("$seed"); done
  seeds=("${existing[@]}")
  echo "fuzzing $target (${budget[*]}; corpus $corpus, seeds ${seeds[*]})"
  # 1 GiB: every target stays near 100 MB; more is a leak (a 10-minute engine run once grew to
  # 3.8 GB from scenes kept alive by reference cycles), reported as a crash with its input.
  if ! SWIFT_BACKTRACE=enable=no "$binary" "$corpus" "${seeds[@]}" "${budget[@]}" -max_len=65536 -timeout=10 -rss_limit_mb=1024 \
      -artifact_prefix="Fuzz/crashes/$target-" -print_final_stats=1 2>"$build/$target.log"; then
    echo "fuzzing $target found a crash: see Fuzz/crashes/ and $build/$target.log" >&2
    tail -40 "$build/$target.log" >&2
    status=1
  else
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$build/$target.log" | sed "s/^/  $target /"
  fi
done
exit $status
