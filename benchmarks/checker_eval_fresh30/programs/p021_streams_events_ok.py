"""Overlap two independent projections on two streams and time them with events."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

T, D = 32, 64
rng = np.random.default_rng(9)
x = tr.from_numpy(rng.standard_normal((T, D)).astype(np.float32))
w_q = tr.from_numpy(rng.standard_normal((D, D)).astype(np.float32))
w_k = tr.from_numpy(rng.standard_normal((D, D)).astype(np.float32))
q, k = tr.empty((T, D)), tr.empty((T, D))

main_stream, side_stream = tr.Stream(), tr.Stream()
start = main_stream.record()
pq = tk.gemm(q, x, w_q).submit(main_stream)
pk = tk.gemm(k, x, w_k).submit(side_stream)
side_done = side_stream.record()
main_stream.wait_event(side_done)
end = main_stream.record()
end.synchronize()
pq.wait()
pk.wait()
print(f"qk projections: {start.elapsed_ms(end):.3f} ms")
print(np.allclose(q.to_numpy(), x.to_numpy() @ w_q.to_numpy(), atol=1e-3))
