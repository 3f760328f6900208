"""A .then callback launches an op reading a tensor it closes over (a Shared read)."""

import tilert as tr
from llm.kernels import axpy, scale


def main() -> None:
    acc = tr.zeros((256,))
    bias = tr.full((256,), 0.5)
    op = scale(acc.partition((64,)), 2.0).then(lambda a, *_: axpy(a, bias, 1.0))
    op.sync()
    print(acc.to_numpy()[0], bias.to_numpy()[0])


if __name__ == "__main__":
    main()
