"""Requests as NamedTuples run through tr.zip; the host reads a prompt while they run."""

from typing import NamedTuple

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


class Job(NamedTuple):
    prompt: Tensor[f32]
    out: Tensor[f32]


jobs = [Job(tr.arange(8, dtype=f32), tr.zeros((8,), dtype=f32)) for _ in range(2)]
both = tr.zip(*(k.relu(tiles(j.out), j.prompt) for j in jobs)).submit()
n_tokens = int(jobs[0].prompt.to_numpy().size)
both.wait()
assert n_tokens == 8
np.testing.assert_allclose(jobs[1].out.to_numpy(), np.arange(8))
