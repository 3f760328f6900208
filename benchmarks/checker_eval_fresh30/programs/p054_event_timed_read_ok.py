"""Time a layernorm with events on its stream and check the result."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

ROWS, COLS = 64, 256
x = tr.from_numpy(np.random.default_rng(31).standard_normal((ROWS, COLS)).astype(np.float32))
w, b = tr.ones((COLS,)), tr.zeros((COLS,))
out = tr.empty((ROWS, COLS))

stream = tr.Stream()
start = stream.record()
pending = tk.layernorm(out, x, w, b).submit(stream)
end = stream.record()
end.synchronize()
pending.wait()
print(f"layernorm {start.elapsed_ms(end):.3f} ms, mean {out.to_numpy().mean():.2e}")
