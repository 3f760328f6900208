"""An op built through a functools.partial for later, but the branch that runs it never
comes."""

from __future__ import annotations

import functools

from llmkit.kernels import scale

import tilert as tr


def main(debug: bool = False) -> None:
    h = tr.ones((128,))
    halve = functools.partial(scale, a=0.5)
    op = halve(h.partition((64,)))  # expect: TC105
    if debug:
        op.sync()
    print("done")


if __name__ == "__main__":
    main()
