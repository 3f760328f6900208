"""FlashAttention-benchmark style timing: events around N launches, results discarded."""

import tilert as tr
import tilert.kernels as tk

ROWS, COLS = 64, 256
x = tr.ones((ROWS, COLS))
out = tr.empty((ROWS, COLS))


def time_softmax(iters: int) -> float:
    stream = tr.current_stream()
    tk.softmax(out, x).sync()  # warm-up
    start = stream.record()
    for _ in range(iters):
        tk.softmax(out, x).submit()  # expect: TC108
    end = stream.record()
    end.synchronize()
    return start.elapsed_ms(end) / iters


print(f"softmax: {time_softmax(10):.4f} ms")  # expect-also: TC108
