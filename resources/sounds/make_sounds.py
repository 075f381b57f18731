"""Write the round clock's alert sounds (our own, generated here): python make_sounds.py

one-minute.wav     two soft rising chimes: one minute left
order-writing.wav  three even beeps: silent order writing begins
time-up.wav        a long low-high bell: time is up
Mono 16-bit 22050 Hz WAV, built from sine partials with a soft attack and decay.
"""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path

RATE = 22050


def tone(freq: float, seconds: float, volume: float = 0.6, decay: float = 3.0) -> list[float]:
    """A bell-like note: a fundamental, two quieter partials, 10 ms attack, exponential decay."""
    samples = []
    attack = int(0.01 * RATE)
    for n in range(int(seconds * RATE)):
        t = n / RATE
        envelope = min(1.0, n / attack) * math.exp(-decay * t)
        value = (math.sin(2 * math.pi * freq * t) + 0.35 * math.sin(4 * math.pi * freq * t)
                 + 0.15 * math.sin(6 * math.pi * freq * t)) / 1.5
        samples.append(volume * envelope * value)
    return samples


def silence(seconds: float) -> list[float]:
    return [0.0] * int(seconds * RATE)


def write(path: Path, samples: list[float]) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(b"".join(
            struct.pack("<h", int(max(-1.0, min(1.0, s)) * 32767)) for s in samples))


def main(out: Path | None = None) -> None:
    here = out or Path(__file__).resolve().parent
    write(here / "one-minute.wav", tone(660, 0.5) + silence(0.08) + tone(880, 0.7))
    beeps: list[float] = []
    for _ in range(3):
        beeps += tone(1046.5, 0.22, decay=6.0) + silence(0.12)
    write(here / "order-writing.wav", beeps)
    write(here / "time-up.wav", tone(392, 0.6, 0.8, 2.0) + tone(784, 1.4, 0.8, 1.5))


if __name__ == "__main__":
    main()
