"""A chain whose second step reads the first step's output through the handed-on value."""

from __future__ import annotations

from llmserve.kernels import copy, relu

import tilert as tr

N = 512


def main() -> None:
    x = tr.full((N,), -2.0)
    h = tr.empty((N,), name="h")
    act = tr.empty((N,), name="act")
    chain = copy(h.partition((128,)), x).then(
        lambda hp, *_: relu(act.partition((128,)), hp)  # expect: TC106
    )
    chain.sync()  # expect-also
    print(act.to_numpy()[0])


if __name__ == "__main__":
    main()
