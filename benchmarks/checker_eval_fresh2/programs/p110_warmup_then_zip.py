"""A warm-up sync of an op, then the same op zipped with its sibling for the real run."""

from __future__ import annotations

from llmserve.kernels import fill

import tilert as tr

N = 256


def main() -> None:
    a = tr.empty((N,))
    b = tr.empty((N,))
    op_a = fill(a.partition((64,)), 1.0)
    op_a.sync()
    op_b = fill(b.partition((64,)), 2.0)
    tr.zip(op_a, op_b).sync()  # expect: TC110
    print(a.to_numpy()[0], b.to_numpy()[0])


if __name__ == "__main__":
    main()
