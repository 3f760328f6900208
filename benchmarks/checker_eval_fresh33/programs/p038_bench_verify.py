"""Time one fused step with events, then verify the same op's result against numpy."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

ROWS, COLS = 32, 512
rng = np.random.default_rng(38)
x_np = rng.standard_normal((ROWS, 2 * COLS)).astype(np.float32)
x = tr.from_numpy(x_np)
out = tr.empty((ROWS, COLS))

op = tk.silu_and_mul(out, x)
stream = tr.current_stream()
start = stream.record()
op.submit().wait()
end = stream.record()
end.synchronize()
print(f"silu_and_mul: {start.elapsed_ms(end):.3f} ms")

op.sync()  # expect: TC110
gate, up = x_np[:, :COLS], x_np[:, COLS:]
expect = gate / (1 + np.exp(-gate)) * up
print("max err", np.abs(out.to_numpy() - expect).max())
