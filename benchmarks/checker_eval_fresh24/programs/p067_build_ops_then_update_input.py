"""Build the step's ops first, then add the position bias into the hidden state."""

import numpy as np
from llmbasin import add_, scale

import tilert as tr

D = 1024


def main() -> None:
    hidden = tr.from_numpy(np.ones(D, dtype=np.float32))
    pos_bias = tr.from_numpy(np.full(D, 0.5, dtype=np.float32))
    q = tr.empty((D,), name="q")
    k = tr.empty((D,), name="k")
    ops = [scale(q.partition((256,)), hidden, 0.1), scale(k.partition((256,)), hidden, 0.2)]
    add_(hidden.partition((256,)), pos_bias).sync()  # expect: TC103
    for op in ops:
        op.sync()
    print(q.to_numpy()[0], k.to_numpy()[0])


if __name__ == "__main__":
    main()
