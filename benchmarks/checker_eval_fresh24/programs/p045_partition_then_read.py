"""Layer norm stats: partition the output early, then log the buffer before the launch."""

import numpy as np
from llmbasin import scale

import tilert as tr
import tilert.kernels as tk

ROWS, COLS = 8, 512


def main() -> None:
    rng = np.random.default_rng(12)
    x = tr.from_numpy(rng.standard_normal((ROWS, COLS)).astype(np.float32))
    w = tr.from_numpy(np.ones(COLS, dtype=np.float32))
    b = tr.from_numpy(np.zeros(COLS, dtype=np.float32))
    normed = tr.empty((ROWS, COLS), name="normed")
    tk.layernorm(normed, x, w, b).sync()
    out = tr.empty((ROWS, COLS), name="out")
    out_part = out.partition((1, COLS))
    print("normed[0] mean", float(normed.to_numpy()[0].mean()))
    print("out before", float(out.to_numpy().std()))  # expect: TC104
    scale(out_part, normed, 2.0).sync()


if __name__ == "__main__":
    main()
