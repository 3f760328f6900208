from hostkit import launch_add, launch_scale

import tilert as tr


def bench(n: int) -> dict[str, float]:
    a = tr.ones((n,))
    b = tr.full((n,), 2.0)
    c = tr.empty((n,))
    return {
        "add": tr.testing.do_bench(lambda: launch_add(c, a, b, tile=512)),
        "scale": tr.testing.do_bench(lambda: launch_scale(c, a, 3.0, tile=512)),
    }


if __name__ == "__main__":
    for name, ms in bench(1 << 12).items():
        print(f"{name:>6}: {ms:.3f} ms")
