#!/usr/bin/env bash
# Build Sabot and start what was built once, headless.
#
#   packaging/build.sh              wheel + sdist, wheel smoke test, one-folder app, app smoke test
#   packaging/build.sh --no-wheel   only the PyInstaller folder and its smoke test
#   packaging/build.sh --no-app     only the wheel and sdist and the wheel's smoke test
#   packaging/build.sh --icons      re-render packaging/icons/*/io.github.sabot.Sabot.png from
#                                   resources/icons/sabot.svg (needs rsvg-convert), then stop
#
# Needs: pip install . build pyinstaller (Sabot's dependencies, where the build runs: the
# wheel's smoke test uses them, and the app bundles them).
# Outputs: dist/sabot-VERSION-py3-none-any.whl, dist/sabot-VERSION.tar.gz, dist/sabot/ (run
# dist/sabot/sabot); PyInstaller's work files go to build/.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
PYTHON=${PYTHON:-python3}
APP_ID=io.github.sabot.Sabot

wheel=1
app=1
for arg in "$@"; do
    case "$arg" in
        --no-wheel) wheel=0 ;;
        --no-app) app=0 ;;
        --icons)
            for size in 48 128 256; do
                mkdir -p "packaging/icons/${size}x${size}"
                rsvg-convert -w "$size" -h "$size" resources/icons/sabot.svg \
                    -o "packaging/icons/${size}x${size}/${APP_ID}.png"
            done
            echo "build: icons rendered into packaging/icons"
            exit 0
            ;;
        -h | --help)
            sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
            exit 0
            ;;
        *)
            echo "build: unknown option $arg (try --help)" >&2
            exit 2
            ;;
    esac
done

mkdir -p build

if [[ $wheel == 1 ]]; then
    echo "build: wheel and sdist"
    SECONDS=0
    rm -f dist/sabot-*.whl dist/sabot-*.tar.gz
    # `build` makes the sdist, then the wheel from the sdist: the wheel's check covers both.
    if ! "$PYTHON" -m build --outdir dist . >build/wheel.log 2>&1; then
        cat build/wheel.log >&2
        echo "build: the wheel and sdist failed (above)" >&2
        exit 1
    fi
    echo "build: $(tail -n 1 build/wheel.log) in ${SECONDS} s"

    # The wheel's file list against the source tree, then the wheel alone in a scratch venv
    # that sees this environment's packages (Sabot's dependencies) but not Sabot's own, nor
    # the source tree: a module or data file missing from the wheel fails here.
    echo "build: smoke test of the wheel"
    SECONDS=0
    "$PYTHON" packaging/smoke_test.py --sdist dist/sabot-*.tar.gz
    "$PYTHON" packaging/smoke_test.py --wheel dist/sabot-*-py3-none-any.whl
    echo "build: wheel smoke test in ${SECONDS} s"
fi

if [[ $app == 1 ]]; then
    echo "build: one-folder app with PyInstaller"
    SECONDS=0
    "$PYTHON" -m PyInstaller packaging/sabot.spec --noconfirm --log-level WARN \
        --distpath dist --workpath build
    echo "build: dist/sabot in ${SECONDS} s"
    echo "build: smoke test of the frozen app"
    SECONDS=0
    "$PYTHON" packaging/smoke_test.py --frozen dist/sabot
    echo "build: app smoke test in ${SECONDS} s"
fi

echo "build: done"
