"""A residual add chained with a ReLU that takes the partition on."""

import tilert as tr
from llm.kernels import relu, residual


def main() -> None:
    h = tr.ones((512,))
    delta = tr.full((512,), -2.0)
    op = residual(h.partition((128,)), delta).then(lambda hp, *_: relu(hp))
    op.sync()
    print(h.to_numpy()[:2])


if __name__ == "__main__":
    main()
