"""Q, K, V ops held in a NamedTuple; the zip runs `qkv[:2]` and V is never run."""

from typing import NamedTuple

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


class QKV(NamedTuple):
    q: tr.Op
    k: tr.Op
    v: tr.Op


def project(h: tr.Tensor, q: tr.Tensor, k: tr.Tensor, v: tr.Tensor) -> QKV:
    return QKV(
        q=K.scale(tiles(q), h, 0.5),
        k=K.scale(tiles(k), h, 0.25),
        v=K.scale(tiles(v), h, 2.0),  # expect: TC105
    )


def main() -> None:
    h = tr.ones((256,))
    q, k, v = (tr.zeros((256,)) for _ in range(3))
    ops = project(h, q, k, v)
    tr.zip(*ops[:2]).sync()
    print(float(q.to_numpy()[0]), float(k.to_numpy()[0]))


if __name__ == "__main__":
    main()
