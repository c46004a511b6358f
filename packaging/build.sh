#!/usr/bin/env bash
# Build Sabot and start what was built once, headless.
#
#   packaging/build.sh              wheel + sdist, wheel smoke test, one-folder app, app smoke test
#   packaging/build.sh --no-wheel   only the PyInstaller folder and its smoke test
#   packaging/build.sh --no-app     only the wheel and sdist and the wheel's smoke test
#   packaging/build.sh --icons      re-render packaging/icons/*/io.github.sabot.Sabot.png from
#                                   resources/icons/sabot.svg (needs rsvg-convert), then stop
#
# Needs: pip install build pyinstaller (and Sabot's own dependencies for the app).
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
            sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
            exit 0
            ;;
        *)
            echo "build: unknown option $arg (try --help)" >&2
            exit 2
            ;;
    esac
done

if [[ $wheel == 1 ]]; then
    echo "build: wheel and sdist"
    rm -f dist/sabot-*.whl dist/sabot-*.tar.gz
    "$PYTHON" -m build --outdir dist .

    # Install the wheel alone into a scratch venv that borrows the machine's PySide6, numpy
    # and pyqtgraph, and start its `sabot`: a module or data file missing from the wheel shows
    # up here, which running from the source tree never would.
    venv=build/wheel-venv
    rm -rf "$venv"
    "$PYTHON" -m venv --system-site-packages "$venv"
    "$venv/bin/python" -m pip install --quiet --no-deps --no-index dist/sabot-*.whl
    echo "build: smoke test of the installed wheel"
    "$PYTHON" packaging/smoke_test.py "$venv/bin/sabot"
fi

if [[ $app == 1 ]]; then
    echo "build: one-folder app with PyInstaller"
    "$PYTHON" -m PyInstaller packaging/sabot.spec --noconfirm --distpath dist --workpath build
    for f in resources/icons/sabot.svg resources/scenarios/split.json; do
        if [[ ! -f dist/sabot/_internal/$f ]]; then
            echo "build: $f is missing from dist/sabot" >&2
            exit 1
        fi
    done
    echo "build: dist/sabot is $(du -sh dist/sabot | cut -f1)"
    echo "build: smoke test of the frozen app"
    "$PYTHON" packaging/smoke_test.py --frozen
fi

echo "build: done"
