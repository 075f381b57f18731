"""Run by the Windows build's Python at start (python313._pth says ``import site``).

Under Wine only (the CI's check), Python's ``_wmi`` module is hidden. ``platform.machine()``,
which SQLAlchemy calls on import, asks WMI first; Wine 8 lacks ``propsys.VariantToString`` and
the process dies. Without ``_wmi`` Python falls back to its own way (the PROCESSOR_ARCHITECTURE
variable, ``sys.getwindowsversion``, ``ver``). On a real Windows nothing changes: WMI is the
canonical answer there, and the fallback's ``ver`` would flash a console window under pythonw.
"""

import sys


def _under_wine() -> bool:
    try:
        import ctypes

        return hasattr(ctypes.WinDLL("ntdll"), "wine_get_version")  # type: ignore[attr-defined]
    except (ImportError, OSError, AttributeError):
        return False


if sys.platform == "win32" and "_wmi" not in sys.modules and _under_wine():
    # A None entry makes ``import _wmi`` raise ImportError, which platform.py catches.
    sys.modules["_wmi"] = None  # type: ignore[assignment]
