"""Stages as (buffer, pending) pairs unpacked as `*init, (last, p_last)`; all waited."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


def stage(x: tr.Tensor, gain: float) -> tuple[tr.Tensor, tr.Pending]:
    out = tr.zeros(x.shape)
    return out, K.scale(tiles(out), x, gain).submit()


def main() -> None:
    x = tr.ones((128,))
    *init, (last, p_last) = [stage(x, g) for g in (1.0, 2.0, 3.0, 4.0)]
    for _, p in [*init, (last, p_last)]:
        p.wait()
    total = sum(float(buf.to_numpy().sum()) for buf, _ in init) + float(last.to_numpy().sum())
    assert total == 128 * 10, total


if __name__ == "__main__":
    main()
