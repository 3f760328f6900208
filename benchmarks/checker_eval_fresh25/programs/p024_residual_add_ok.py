import numpy as np
from llmquay import add

import tilert as tr


def residual_add(out: tr.Tensor, x: tr.Tensor, res: tr.Tensor) -> None:
    add(out.partition((1024,)), x, res).sync()


def main() -> None:
    n = 4096
    x = tr.from_numpy(np.full(n, 2.0, dtype=np.float32))
    res = tr.ones((n,))
    out = tr.empty((n,))
    residual_add(out, x, res)
    assert (out.to_numpy() == 3.0).all()
    print(out.to_numpy()[:3])


main()
