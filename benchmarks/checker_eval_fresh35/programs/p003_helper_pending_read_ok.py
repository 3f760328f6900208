import numpy as np
from tilekit import stage, submit_add, to_host

import tilert as tr


def run_case(n, seed):
    rng = np.random.default_rng(seed)
    xs, ys = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
    x, y = stage(xs), stage(ys)
    out = tr.empty((n,))
    job = submit_add(out, x, y)
    job.wait()
    got = to_host(out)
    return float(np.abs(got - (xs + ys)).max())


if __name__ == "__main__":
    for n in (128, 1024, 4096):
        print(n, run_case(n, seed=n))
