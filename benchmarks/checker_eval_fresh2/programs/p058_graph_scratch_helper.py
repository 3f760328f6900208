"""Capturing a layer whose helper allocates its own scratch buffer."""

from __future__ import annotations

from llmserve.kernels import copy, silu

import tilert as tr

N = 512


def silu_into_scratch(x: tr.Tensor) -> tuple[tr.Op, tr.Tensor]:
    scratch = tr.empty(x.shape, name="scratch")  # expect: TC111
    return silu(scratch.partition((128,)), x), scratch


def main() -> None:
    x = tr.ones((N,))
    out = tr.empty((N,))
    with tr.graph() as g:
        op, scratch = silu_into_scratch(x)  # expect-also
        g.record(op)
        g.record(copy(out.partition((128,)), scratch))
    g.launch().wait()
    g.close()
    print(out.to_numpy()[0])


if __name__ == "__main__":
    main()
