"""Training loop with a periodic evaluation launched asynchronously."""

import numpy as np
from llmbasin import axpy, scale

import tilert as tr

N = 1024
STEPS = 6


def main() -> None:
    params = tr.from_numpy(np.ones(N, dtype=np.float32))
    grad = tr.from_numpy(np.full(N, 0.01, dtype=np.float32))
    eval_out = tr.empty((N,), name="eval_out")
    for step in range(STEPS):
        axpy(params.partition((256,)), grad, -1.0).sync()
        if step == STEPS - 1:
            scale(eval_out.partition((256,)), params, 2.0).submit()  # expect: TC108
    print("done", float(params.to_numpy()[0]))


if __name__ == "__main__":
    main()
