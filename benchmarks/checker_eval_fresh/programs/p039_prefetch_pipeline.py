"""Software pipelining over chunks: the next chunk's load is submitted before the current chunk
is processed; each load is waited before its chunk is used, two buffers alternate."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import axpy, copy

import tilert as tr


def main(chunks: int = 5) -> None:
    host = [tr.full((256,), float(c)) for c in range(chunks)]
    stage = [tr.zeros((256,), name="stage0"), tr.zeros((256,), name="stage1")]
    acc = tr.zeros((256,), name="acc")
    loading = copy(stage[0].partition((64,)), host[0]).submit()
    for c in range(chunks):
        loading.wait()
        cur = stage[c % 2]
        if c + 1 < chunks:
            loading = copy(stage[(c + 1) % 2].partition((64,)), host[c + 1]).submit()
        axpy(acc.partition((64,)), cur, 1.0).sync()
    np.testing.assert_allclose(acc.to_numpy(), sum(range(chunks)))
    print("acc:", acc.to_numpy()[0])


if __name__ == "__main__":
    main()
