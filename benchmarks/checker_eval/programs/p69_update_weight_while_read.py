"""The optimizer step partitions a weight that a submitted forward still reads."""

import tilert as tr
from llm.kernels import axpy, mul


def main() -> None:
    w = tr.full((256,), 0.5)
    grad = tr.full((256,), 0.1)
    x = tr.ones((256,))
    y = tr.zeros((256,))
    fwd = mul(y.partition((64,)), x, w).submit()
    axpy(w.partition((64,)), grad, -0.01).sync()  # expect: TC103
    fwd.wait()
    print(y.to_numpy()[0])


if __name__ == "__main__":
    main()
