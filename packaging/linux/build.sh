#!/usr/bin/env bash
# Build the Linux one-folder bundle and its tarball:
#   bash packaging/linux/build.sh            -> dist/tdapp/ and dist/tdapp-VERSION-linux-ARCH.tar.gz
# Uses the Python on PATH (or $PYTHON), which must have tdapp's dependencies and pyinstaller.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
python=${PYTHON:-python3}
version=$("$python" -c 'import tomllib;print(tomllib.load(open("pyproject.toml","rb"))["project"]["version"])')
arch=$(uname -m)
dist=${DIST_DIR:-dist}
build=${BUILD_DIR:-build}

"$python" packaging/icons.py --out "$build/icons" >/dev/null
"$python" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath "$dist" --workpath "$build/pyinstaller" packaging/pyinstaller/tdapp.spec

share=$dist/tdapp/share
mkdir -p "$share/icons"
cp packaging/linux/org.tdapp.tdapp.desktop packaging/linux/org.tdapp.tdapp-mime.xml \
   packaging/linux/org.tdapp.tdapp.metainfo.xml "$share/"
cp -r "$build"/icons/*x* "$share/icons/"
cp packaging/linux/install.sh "$dist/tdapp/install.sh"
chmod +x "$dist/tdapp/install.sh"

tarball="$dist/tdapp-$version-linux-$arch.tar.gz"
tar -C "$dist" -czf "$tarball" tdapp
echo "$tarball"
