"""A data loader generator yields host batches; each is uploaded and processed in turn."""

import numpy as np

import tilert as tr
from llm.kernels import scale


def batches(n: int, size: int):
    rng = np.random.default_rng(0)
    for _ in range(n):
        yield rng.standard_normal(size).astype(np.float32)


def main() -> None:
    dev = tr.zeros((256,))
    means = []
    for host in batches(3, 256):
        dev.copy_from(host)
        scale(dev.partition((64,)), 2.0).sync()
        means.append(float(dev.to_numpy().mean()))
    print(means)


if __name__ == "__main__":
    main()
