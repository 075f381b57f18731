#!/usr/bin/env bash
# Build tdapp for Windows on Linux (no Windows machine):
#   bash packaging/windows/build.sh DIST
#     -> DIST/tdapp/ (the program folder), DIST/tdapp-VERSION-windows-x64.zip (portable: unzip
#        and double-click tdapp.exe) and DIST/tdapp-VERSION-windows-x64-setup.exe (NSIS installer)
# Needs the Python on PATH (or $PYTHON) with tdapp's dependencies (for the icon), osslsigncode
# (the embeddable Python's signatures), objdump (binutils) and makensis (Debian's nsis).
# Downloads are kept in $CACHE_DIR (build/windows-cache), so a second build is offline and fast.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dist=$(realpath -m "${1:-dist}")
cd "$root"
python=${PYTHON:-python3}
build=${BUILD_DIR:-build}
cache=${CACHE_DIR:-$build/windows-cache}
version=$("$python" -c 'import tomllib;print(tomllib.load(open("pyproject.toml","rb"))["project"]["version"])')

"$python" packaging/icons.py --out "$build/icons" >/dev/null
"$python" packaging/windows/assemble.py "$dist" --cache "$cache" --icon "$build/icons/tdapp.ico"
setup="$dist/tdapp-$version-windows-x64-setup.exe"
makensis -V2 -INPUTCHARSET UTF8 -DVERSION="$version" -DSRC="$dist/tdapp" -DOUT="$setup" \
  packaging/windows/tdapp.nsi
echo "$setup $(du -m "$setup" | cut -f1) MB"
