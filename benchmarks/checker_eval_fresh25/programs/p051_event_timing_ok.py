"""Time kernels with stream events, as a benchmark script does."""

from llmquay import add, mul

import tilert as tr

N = 1 << 15


def bench(name: str, make_op, iters: int = 10) -> float:
    stream = tr.current_stream()
    make_op().sync()  # warm-up
    start = stream.record()
    for _ in range(iters):
        make_op().sync()
    end = stream.record()
    end.synchronize()
    ms = start.elapsed_ms(end) / iters
    print(f"{name:>4}: {ms:.4f} ms")
    return ms


x = tr.ones((N,))
y = tr.full((N,), 2.0)
z = tr.empty((N,))
bench("add", lambda: add(z.partition((2048,)), x, y))
bench("mul", lambda: mul(z.partition((2048,)), x, y))
assert (z.to_numpy() == 2.0).all()
