"""Request staging: each request's prompt scaled into a fresh buffer, the (buffer, Pending) pair
kept per request id with dict.setdefault; a retried request id is skipped before any launch."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256


def stage(requests: list[tuple[str, float]], source: tr.Tensor) -> dict[str, np.ndarray]:
    staged: dict[str, tuple[tr.Tensor, tr.Pending]] = {}
    for rid, factor in requests:
        if rid in staged:
            continue  # a retry of a request already staged
        buf = tr.zeros(N, name=f"stage_{rid}")
        staged.setdefault(rid, (buf, K.scale(tiles(buf), source, factor).submit()))
    out = {}
    for rid, (buf, pending) in staged.items():
        pending.wait()
        out[rid] = buf.to_numpy()
    return out


if __name__ == "__main__":
    src = upload(np.ones(N), name="prompt")
    got = stage([("r0", 1.0), ("r1", 0.5), ("r0", 2.0)], src)
    assert got["r0"][0] == 1.0 and got["r1"][0] == 0.5
    print(sorted(got))
