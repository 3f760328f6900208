"""A norm-then-scale pipeline object; the chain it builds is kept but never run."""

from __future__ import annotations

from llmrun.kernels import copy, scale

import tilert as tr


class Pipeline:
    def __init__(self, n: int) -> None:
        self.src = tr.full((n,), 4.0)
        self.dst = tr.zeros((n,))

    def build(self) -> tr.Op:
        return copy(self.dst.partition((16,)), self.src).then(  # expect: TC105
            lambda dp, *_: scale(dp, 0.25)
        )


def main() -> None:
    pipe = Pipeline(64)
    chain = pipe.build()  # expect-also
    print("built", type(chain).__name__)


main()
