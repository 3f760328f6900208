"""do_bench-style timing helper with the output partition hoisted out of the loop."""

import time

from llmbasin import add

import tilert as tr


def do_bench(fn, warmup: int = 2, rep: int = 10) -> float:
    for _ in range(warmup):
        fn()
    t0 = time.perf_counter()
    for _ in range(rep):
        fn()
    return (time.perf_counter() - t0) / rep * 1e3


def main() -> None:
    n = 1 << 15
    a = tr.ones((n,))
    b = tr.full((n,), 3.0)
    out = tr.empty((n,))
    out_p = out.partition((2048,))

    def run() -> None:
        add(out_p, a, b).sync()  # expect: TC109

    ms = do_bench(run)  # expect-also: TC109
    print(f"add: {ms:.3f} ms")


if __name__ == "__main__":
    main()
