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
# tdapp.exe runs pythonw, which has no console: sys.stdout and sys.stderr are None, and a
# command's JSON or a warning written there would raise. Output goes to a file instead, whose
# last run's text a TD can send when something went wrong.
if sys.stdout is None or sys.stderr is None:
    import tempfile

    _log = open(os.path.join(tempfile.gettempdir(), "tdapp-window.log"), "w",  # noqa: SIM115
                encoding="utf-8", errors="replace")
    sys.stdout = sys.stdout or _log
    sys.stderr = sys.stderr or _log
sys.argv[0] = "tdapp"
runpy.run_module("tdapp", run_name="__main__", alter_sys=True)
