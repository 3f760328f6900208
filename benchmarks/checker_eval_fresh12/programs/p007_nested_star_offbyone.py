"""Stages as (buffer, pending) pairs unpacked as `(first, p_first), *rest`; the drain skips the
last."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


def stage(x: tr.Tensor, gain: float) -> tuple[tr.Tensor, tr.Pending]:
    out = tr.zeros(x.shape)
    return out, K.scale(tiles(out), x, gain).submit()


def main() -> None:
    x = tr.ones((128,))
    (first, p_first), *rest = [stage(x, g) for g in (1.0, 2.0, 3.0, 4.0)]
    p_first.wait()
    for _, p in rest[:-1]:
        p.wait()
    total = first.to_numpy().sum()
    for buf, _ in rest:
        total += buf.to_numpy().sum()  # expect: TC102
    print(total)


if __name__ == "__main__":
    main()
