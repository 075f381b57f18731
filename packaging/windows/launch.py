"""The ``__main__`` zipped into tdapp.exe and tdapp.com (packaging/windows/assemble.py): start tdapp
on the Python in runtime\\ beside the launcher, as ``python -m tdapp`` would."""

import os
import runpy
import sys

# portable.txt beside tdapp.exe: settings and demo files stay in a "settings" folder beside it
# (a USB stick), as with the Linux bundle (tdapp.portable).
_home = os.path.dirname(os.path.abspath(sys.argv[0]))
if os.path.exists(os.path.join(_home, "portable.txt")):
    os.environ.setdefault("TDAPP_PORTABLE_DIR", os.path.join(_home, "settings"))
sys.argv[0] = "tdapp"
runpy.run_module("tdapp", run_name="__main__", alter_sys=True)
