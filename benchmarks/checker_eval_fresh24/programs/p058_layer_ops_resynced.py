"""Build each head's op, run them in order, then make sure the last one finished."""

import numpy as np
from llmbasin import scale

import tilert as tr

D, HEADS = 1024, 4


def main() -> None:
    acts = [tr.empty((D,), name=f"h{i}") for i in range(HEADS)]
    x = tr.from_numpy(np.linspace(-1, 1, D, dtype=np.float32))
    ops = []
    for i in range(HEADS):
        ops.append(scale(acts[i].partition((256,)), x, 1.0 / (i + 1)))
    for op in ops:
        op.sync()
    ops[-1].sync()  # expect: TC110
    print(acts[-1].to_numpy()[-2:])


if __name__ == "__main__":
    main()
