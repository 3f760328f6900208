"""Streaming chunks through three staging buffers with a window of in-flight copies."""

from __future__ import annotations

from collections import deque

import numpy as np
from llmserve.kernels import copy, scale

import tilert as tr

CHUNK = 256


def main() -> None:
    staging = [tr.zeros((CHUNK,), name=f"stage{i}") for i in range(3)]
    chunks = [tr.full((CHUNK,), float(i)) for i in range(8)]
    window: deque[tuple[int, tr.Pending]] = deque()
    collected: list[float] = []
    for i, chunk in enumerate(chunks):
        slot = i % 3
        window.append((slot, copy(staging[slot].partition((64,)), chunk).submit()))
        if len(window) > 2:
            done_slot, p = window.popleft()
            p.wait()
            collected.append(float(staging[done_slot].to_numpy()[0]))
    while window:
        done_slot, p = window.popleft()
        p.wait()
        collected.append(float(staging[done_slot].to_numpy()[0]))
    scale(staging[0].partition((64,)), 2.0).sync()
    np.testing.assert_allclose(collected, [float(i) for i in range(8)])
    print(collected)


if __name__ == "__main__":
    main()
