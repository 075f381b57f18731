#!/usr/bin/env sh
# Install (or with --uninstall remove) the unpacked tdapp folder for the current user: a launcher
# on the PATH, the menu entry, the icon and the .tdt file type, so that double-clicking a
# tournament file opens it. Needs no network and no root.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
bin=$HOME/.local/bin
if [ "${1:-}" = "--uninstall" ]; then
  rm -f "$bin/tdapp" "$data/applications/org.tdapp.tdapp.desktop" \
        "$data/mime/packages/org.tdapp.tdapp-mime.xml" "$data/metainfo/org.tdapp.tdapp.metainfo.xml"
  find "$data/icons/hicolor" -name org.tdapp.tdapp.png -delete 2>/dev/null || true
else
  mkdir -p "$bin" "$data/applications" "$data/mime/packages" "$data/metainfo"
  ln -sf "$here/tdapp" "$bin/tdapp"
  cp "$here/share/org.tdapp.tdapp.desktop" "$data/applications/"
  cp "$here/share/org.tdapp.tdapp-mime.xml" "$data/mime/packages/"
  cp "$here/share/org.tdapp.tdapp.metainfo.xml" "$data/metainfo/"
  for dir in "$here"/share/icons/*x*; do
    size=$(basename "$dir")
    mkdir -p "$data/icons/hicolor/$size/apps"
    cp "$dir/tdapp.png" "$data/icons/hicolor/$size/apps/org.tdapp.tdapp.png"
  done
fi
command -v update-mime-database >/dev/null && update-mime-database "$data/mime" || true
command -v update-desktop-database >/dev/null && update-desktop-database "$data/applications" || true
echo "tdapp ${1:-installed} for $(id -un)"
