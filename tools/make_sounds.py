"""Synthesize the game's short sound effects into game/assets/sounds/*.wav (standard library only).

    python tools/make_sounds.py

Each effect is a few soft sine partials with a quick attack and exponential decay, so
they sound like wooden tiles and small bells rather than beeps.
"""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parents[1] / "game" / "assets" / "sounds"

Note = tuple[float, float, float, float]
"""(start s, frequency Hz, length s, loudness 0..1)"""


def render(notes: list[Note], decay: float = 9.0, knock: float = 0.0) -> list[float]:
    """Mix notes (each with overtones) and an optional wooden knock into samples."""
    length = max(start + duration for start, _f, duration, _a in notes) + 0.05
    samples = [0.0] * int(length * RATE)
    for start, frequency, duration, loudness in notes:
        first = int(start * RATE)
        for i in range(int(duration * RATE)):
            t = i / RATE
            envelope = min(1.0, t / 0.004) * math.exp(-decay * t)
            wave_value = (
                math.sin(2 * math.pi * frequency * t)
                + 0.35 * math.sin(4 * math.pi * frequency * t)
                + 0.12 * math.sin(6 * math.pi * frequency * t)
            )
            samples[first + i] += loudness * envelope * wave_value
    if knock:
        for i in range(int(0.03 * RATE)):
            t = i / RATE
            noise = math.sin(2 * math.pi * 180 * t) + 0.5 * math.sin(2 * math.pi * 410 * t)
            samples[i] += knock * math.exp(-120 * t) * noise
    return samples


def write(name: str, samples: list[float]) -> None:
    peak = max(abs(s) for s in samples) or 1.0
    scale = 0.6 * 32767 / peak
    fade = int(0.01 * RATE)
    frames = bytearray()
    for i, sample in enumerate(samples):
        tail = min(1.0, (len(samples) - i) / fade)
        frames += struct.pack("<h", int(sample * scale * tail))
    OUT.mkdir(parents=True, exist_ok=True)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(RATE)
        file.writeframes(bytes(frames))


EFFECTS: dict[str, tuple[list[Note], float, float]] = {
    "place": ([(0.0, 220.0, 0.12, 0.5)], 30.0, 1.0),
    "click": ([(0.0, 660.0, 0.06, 0.4)], 45.0, 0.3),
    "draw": ([(0.0, 392.0, 0.1, 0.4), (0.05, 523.3, 0.12, 0.35)], 25.0, 0.4),
    "pass": ([(0.0, 392.0, 0.22, 0.45), (0.12, 311.1, 0.3, 0.45)], 10.0, 0.0),
    "count": ([(0.0, 659.3, 0.35, 0.5), (0.07, 987.8, 0.4, 0.45)], 9.0, 0.0),
    "opportunity": (
        [
            (0.0, 523.3, 0.5, 0.45),
            (0.08, 659.3, 0.5, 0.45),
            (0.16, 784.0, 0.5, 0.45),
            (0.24, 1046.5, 0.7, 0.5),
        ],
        6.0,
        0.0,
    ),
    "achievement": (
        [
            (0.0, 784.0, 0.6, 0.4),
            (0.1, 1174.7, 0.7, 0.45),
            (0.1, 587.3, 0.7, 0.2),
        ],
        5.0,
        0.0,
    ),
    "win": (
        [
            (0.0, 523.3, 0.3, 0.45),
            (0.15, 659.3, 0.3, 0.45),
            (0.3, 784.0, 0.3, 0.45),
            (0.45, 1046.5, 0.9, 0.55),
            (0.45, 784.0, 0.9, 0.3),
        ],
        4.0,
        0.0,
    ),
}


def main() -> None:
    for name, (notes, decay, knock) in EFFECTS.items():
        write(name, render(notes, decay, knock))
        print(OUT / f"{name}.wav")


if __name__ == "__main__":
    main()
