"""KV warm-up on a cache miss: the warm copy is built first and run through `hit or
bool(warm.sync())`, so a hit leaves it unrun."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128


def ensure_warm(cache: set[str], key: str, buf: tr.Tensor, src: tr.Tensor) -> bool:
    warm = K.copy(tiles(buf), src)  # expect: TC105
    ready = key in cache or bool(warm.sync())
    cache.add(key)
    return ready


if __name__ == "__main__":
    cache = {"layer0"}
    buf = tr.zeros(N, name="kv")
    src = upload(np.ones(N), name="prompt_kv")
    print(ensure_warm(cache, "layer0", buf, src))  # expect-also
