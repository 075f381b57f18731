"""A smaller ICU data library for the bundle (used by tdapp.spec on Linux).

QtCore links ICU, whose data library (libicudata, 31 MB) holds every ICU service's tables. QtCore
calls only collation (ucol_*: QCollator, the file dialog's sorting), converters (ucnv_*:
QStringConverter), time-zone names (ucal_*) and case mapping (u_strTo*), so the trees of the
services it never calls (currency, unit, language and region names, number spelling,
transliteration, break iteration) are taken out with ICU's own ``icupkg`` and the rest is put back
in a library of the same name and symbol. The built program's ``--bundle-check`` proves the kept
services still work. Without icupkg or a C compiler the bundle keeps the full library.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path, PurePosixPath

Entry = tuple[str, str, str]

UNUSED_TREES = ("curr/", "unit/", "lang/", "region/", "rbnf/", "translit/", "brkitr/")


def _run(*command: str) -> str:
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def _data_symbol(library: Path) -> tuple[str, int, int]:
    """The data symbol (``icudtNN_dat``) of the library: name, address and size."""
    for line in _run("nm", "-D", "-S", "--defined-only", str(library)).splitlines():
        fields = line.split()
        if len(fields) == 4 and re.fullmatch(r"icudt\d+_dat", fields[3]):
            return fields[3], int(fields[0], 16), int(fields[1], 16)
    raise ValueError(f"{library.name} has no icudt*_dat symbol")


def _file_offset(library: Path, address: int) -> int:
    """Where in the file the byte at ``address`` lies (from the section headers)."""
    for line in _run("readelf", "-S", "-W", str(library)).splitlines():
        match = re.search(r"\]\s+\S+\s+PROGBITS\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)", line)
        if match:
            start, offset, size = (int(g, 16) for g in match.groups())
            if start <= address < start + size:
                return offset + address - start
    raise ValueError(f"{library.name}: no section holds the ICU data")


def _soname(library: Path) -> str:
    match = re.search(r"Library soname: \[(.+)\]", _run("readelf", "-d", str(library)))
    return match.group(1) if match else library.name


def trimmed_library(library: Path, work: Path) -> Path:
    """Build the smaller ICU data library in ``work`` and return its path."""
    symbol, address, size = _data_symbol(library)
    with open(library, "rb") as handle:
        handle.seek(_file_offset(library, address))
        data = handle.read(size)
    # icupkg names the items after the output file, so both files bear the package's own name.
    package = symbol.removesuffix("_dat") + ("l" if sys.byteorder == "little" else "b")
    (work / "in").mkdir(parents=True, exist_ok=True)
    (work / "out").mkdir(exist_ok=True)
    source, trimmed = work / "in" / f"{package}.dat", work / "out" / f"{package}.dat"
    source.write_bytes(data)
    unused = [item for item in _run("icupkg", "-l", str(source)).split()
              if item.startswith(UNUSED_TREES)]
    (work / "unused.txt").write_text("\n".join(unused) + "\n")
    trimmed.unlink(missing_ok=True)
    _run("icupkg", "-r", str(work / "unused.txt"), str(source), str(trimmed))
    assembly = work / "data.S"
    assembly.write_text(
        f'    .section .rodata\n    .globl {symbol}\n    .type {symbol}, @object\n'
        f'    .balign 16\n{symbol}:\n    .incbin "{trimmed}"\n'
        f'    .size {symbol}, . - {symbol}\n    .section .note.GNU-stack,"",@progbits\n')
    soname = _soname(library)
    target = work / soname
    _run("cc", "-shared", "-nostdlib", f"-Wl,-soname,{soname}", "-o", str(target), str(assembly))
    return target


def with_trimmed_icu(binaries: list[Entry], work: Path) -> list[Entry]:
    """The binaries with the ICU data library replaced by the smaller one, when it can be built."""
    missing = [tool for tool in ("icupkg", "cc", "nm", "readelf") if shutil.which(tool) is None]
    position = next((i for i, e in enumerate(binaries)
                     if PurePosixPath(e[0]).name.startswith("libicudata.so")), None)
    if position is None:
        return binaries
    if missing:
        print(f"tdapp.spec: full ICU data kept ({', '.join(missing)} not found; "
              "icupkg is in Debian's icu-devtools)")
        return binaries
    name, source, kind = binaries[position]
    try:
        trimmed = trimmed_library(Path(source), work)
    except (OSError, ValueError, subprocess.CalledProcessError) as exc:
        print(f"tdapp.spec: full ICU data kept ({exc})")
        return binaries
    return [*binaries[:position], (name, str(trimmed), kind), *binaries[position + 1:]]
