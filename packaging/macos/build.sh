#!/usr/bin/env bash
# Build tdapp.app and a disk image on macOS (cannot run on Linux):
#   bash packaging/macos/build.sh    -> dist/tdapp.app and dist/tdapp-VERSION-macos.dmg
# The .app's Info.plist (document type for .tdt, UTI org.tdapp.tournament, version) is written by
# packaging/pyinstaller/tdapp.spec. Sign and notarise with your Developer ID before handing it out.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
python=${PYTHON:-python3}
version=$("$python" -c 'import tomllib;print(tomllib.load(open("pyproject.toml","rb"))["project"]["version"])')
"$python" packaging/icons.py --out build/icons >/dev/null
cp build/icons/tdapp.icns resources/icons/tdapp.icns
"$python" -m PyInstaller --noconfirm --clean --distpath dist --workpath build/pyinstaller \
  packaging/pyinstaller/tdapp.spec
rm -f resources/icons/tdapp.icns
hdiutil create -volname tdapp -srcfolder dist/tdapp.app -ov -format UDZO "dist/tdapp-$version-macos.dmg"
