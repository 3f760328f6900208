"""Calibration: the scale of the layer just updated is read before its EMA is waited."""

from llmweave.kernels import ema

import tilert as tr

names = ["q_proj", "k_proj", "v_proj"]
stats = {n: tr.zeros((64,)) for n in names}
pending: dict[str, tr.Pending] = {}
for step in range(2):
    act = tr.full((64,), float(step))
    for n in names:
        if n in pending:
            pending.pop(n).wait()
        pending[n] = ema(stats[n].partition((16,)), act, 0.9).submit()
    last = names[-1]
    for n in names[:-1]:
        pending.pop(n).wait()
    print(step, {n: float(stats[n].to_numpy().max()) for n in names})  # expect: TC102
