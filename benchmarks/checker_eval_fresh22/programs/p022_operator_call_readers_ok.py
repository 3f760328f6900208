"""Per-head diagnostics as thunks built early, run with map(operator.call, ...) after the waits."""

import functools
import operator

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload, wait_all

import tilert as tr


def head_mean(name: str, t: tr.Tensor) -> str:
    return f"{name}={t.to_numpy().mean():.3f}"


x = upload(np.linspace(0, 1, 64))
heads = {name: tr.zeros((64,), name=name) for name in ("h0", "h1", "h2")}
pending = [K.scale(tiles(t), x, i + 1.0).submit() for i, t in enumerate(heads.values())]
probes = [functools.partial(head_mean, name, t) for name, t in heads.items()]
lazy = map(operator.call, probes)  # nothing read yet: map is lazy
wait_all(pending)
report = ", ".join(lazy)
assert report == "h0=0.500, h1=1.000, h2=1.500", report
