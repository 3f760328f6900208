"""Run the reduction on a side stream and synchronize the stream before reading."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def main() -> None:
    x = tr.from_numpy(np.random.default_rng(15).standard_normal((16, 128)).astype(np.float32))
    idx = tr.empty((16,), dtype=tr.i32)
    side = tr.Stream()
    pending = tk.argmax(idx, x).submit(side)
    side.synchronize()
    print("argmax per row:", idx.to_numpy().tolist())  # expect: TC102
    pending.wait()


main()
