"""Helpers for store tests: hashing a folder to prove a refused file was left as it was, and
child Python processes that hold or write a tournament file."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]


def folder_state(folder: Path) -> dict[str, str]:
    """Every file below ``folder`` with the SHA-256 of its bytes."""
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def child_python(code: str, **kwargs) -> subprocess.Popen:
    """A Python process running ``code`` with tdapp importable, stdout piped (text, lines)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO_ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.Popen(
        [sys.executable, "-u", "-c", code], env=env, stdout=subprocess.PIPE,
        stdin=subprocess.PIPE, text=True, **kwargs,
    )


@pytest.fixture
def snapshot_of_folder():
    return folder_state


@pytest.fixture
def spawn_python():
    """Start child Pythons; any still running at the end of the test are killed."""
    children: list[subprocess.Popen] = []

    def spawn(code: str) -> subprocess.Popen:
        child = child_python(code)
        children.append(child)
        return child

    yield spawn
    for child in children:
        if child.poll() is None:
            child.kill()
        child.wait(timeout=10)
        for stream in (child.stdout, child.stdin):
            if stream:
                stream.close()
