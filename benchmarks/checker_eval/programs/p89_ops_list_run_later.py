"""Ops collected in a list, run one by one in a loop, then the outputs read."""

import tilert as tr
from llm.kernels import add


def main() -> None:
    x = tr.ones((256,))
    y = tr.full((256,), 2.0)
    outs = [tr.zeros((256,)) for _ in range(3)]
    ops = []
    for o in outs:
        ops.append(add(o.partition((64,)), x, y))
    for op in ops:
        op.sync()
    print([float(o.to_numpy()[0]) for o in outs])


if __name__ == "__main__":
    main()
