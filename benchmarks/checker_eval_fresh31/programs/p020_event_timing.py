"""Time a kernel with events recorded on the current stream."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def main() -> None:
    x = tr.from_numpy(np.random.default_rng(7).standard_normal((32, 256)).astype(np.float32))
    w = tr.ones((256,))
    b = tr.zeros((256,))
    out = tr.empty((32, 256))
    stream = tr.current_stream()
    start = stream.record()
    pending = tk.layernorm(out, x, w, b).submit()
    end = stream.record()
    end.synchronize()
    ms = start.elapsed_ms(end)
    print(f"layernorm {ms:.3f} ms, out std {out.to_numpy().std():.3f}")  # expect: TC102
    pending.wait()


main()
