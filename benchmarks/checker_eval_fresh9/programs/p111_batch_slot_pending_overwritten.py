"""Continuous batching with Pendings keyed by slot; a new request takes a slot early."""

from __future__ import annotations

from typing import Any

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


def serve(arrivals: list[tuple[int, str]]) -> dict[str, float]:
    inflight: dict[int, tuple[str, tr.Tensor[tr.f32], tr.Pending[Any]]] = {}
    results: dict[str, float] = {}
    prompt = tr.ones((4,))
    for slot, rid in arrivals:
        out = tr.zeros((4,), name=f"out.{rid}")
        inflight[slot] = (rid, out, k.scale(tiles(out), prompt, 2.0).submit())  # expect: TC108
    for rid, out, pending in inflight.values():
        pending.wait()
        results[rid] = float(out.to_numpy()[0])
    return results


print(serve([(0, "a"), (1, "b"), (0, "c")]))
