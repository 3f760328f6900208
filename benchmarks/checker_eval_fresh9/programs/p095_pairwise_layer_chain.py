"""Activations passed layer to layer with itertools.pairwise, submitted back to back."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

acts = [tr.ones((8,), name="act0")] + [tr.zeros((8,), name=f"act{i}") for i in range(1, 5)]
pending: list[tr.Pending[Any]] = []
for src, dst in pairwise(acts):
    pending.append(k.scale(tiles(dst), src, 2.0).submit())
for p in pending:
    p.wait()
np.testing.assert_allclose(acts[-1].to_numpy(), np.full(8, 16.0))
print("ok")
