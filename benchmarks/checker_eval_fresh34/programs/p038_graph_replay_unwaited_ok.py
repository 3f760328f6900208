"""Throughput benchmark of a captured MLP step: the graph is replayed back to back and
waited for at the end, and the total time taken."""

import time

import numpy as np

import tilert as tr
import tilert.kernels as tk

TOKENS, HIDDEN, FFN, REPLAYS = 4, 64, 128, 8
rng = np.random.default_rng(38)
x = tr.from_numpy(rng.standard_normal((TOKENS, HIDDEN)).astype(np.float32))
w_up = tr.from_numpy((rng.standard_normal((2 * FFN, HIDDEN)) * 0.1).astype(np.float32))
w_down = tr.from_numpy((rng.standard_normal((HIDDEN, FFN)) * 0.1).astype(np.float32))
gate_up = tr.empty((TOKENS, 2 * FFN))
act = tr.empty((TOKENS, FFN))
y = tr.empty((TOKENS, HIDDEN))

tk.linear(gate_up, x, w_up).sync()  # tune before capturing
tk.silu_and_mul(act, gate_up).sync()
tk.linear(y, act, w_down).sync()
with tr.graph() as g:
    g.record(tk.linear(gate_up, x, w_up))
    g.record(tk.silu_and_mul(act, gate_up))
    g.record(tk.linear(y, act, w_down))

start = time.perf_counter()
launches = [g.launch() for _ in range(REPLAYS)]
for launch in launches:
    launch.wait()
g.close()
elapsed = time.perf_counter() - start
print(f"{REPLAYS} replays in {elapsed * 1e3:.2f} ms; y sum {float(y.to_numpy().sum()):.3f}")
