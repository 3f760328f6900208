import numpy as np
from llmhost.kernels import fill, scale

import tilert as tr


def run_phase(phase: str, out: tr.Tensor, x: tr.Tensor) -> float:
    match phase:
        case "prefill":
            p = scale(out.partition((16,)), x, 2.0).submit()
            p.wait()
        case "decode":
            p = fill(out.partition((16,)), 1.0).submit()
            p.wait()
        case _:
            return 0.0
    return float(np.sum(out.to_numpy()))


x = tr.ones((64,))
out = tr.zeros((64,))
assert run_phase("prefill", out, x) == 128.0
assert run_phase("decode", out, x) == 64.0
assert run_phase("idle", out, x) == 0.0
print("phases ok")
