"""The same helper; the caller skips the first Pending by slicing from 1."""

from __future__ import annotations

from llmdeck.kernels import scale

import tilert as tr

HEADS, D = 4, 32
T = (16,)


def scale_heads(out: tr.Tensor, x: tr.Tensor, gs: list[float]) -> list[tr.Pending]:
    return [scale(out[h].partition(T), x[h], g).submit() for h, g in enumerate(gs)]  # expect: TC108


def main() -> None:
    x = tr.ones((HEADS, D))
    out = tr.zeros((HEADS, D))
    pendings = scale_heads(out, x, [1.0, 2.0, 3.0, 4.0])  # expect-also
    for p in pendings[1:]:
        p.wait()


main()
