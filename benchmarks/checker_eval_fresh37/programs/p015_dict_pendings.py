from hostkit import scale

import tilert as tr

N = 1024


def project(h, weights):
    outs = {name: tr.empty((N,)) for name in weights}
    pend = {}
    for name, w in weights.items():
        pend[name] = scale(outs[name].partition((128,)), h, w).submit()  # expect: TC108
    for name in ("q", "k"):
        pend[name].wait()
    return outs


h = tr.ones((N,))
outs = project(h, {"q": 1.0, "k": 2.0, "v": 3.0})  # expect-also: TC108
print({k: float(v.to_numpy()[0]) for k, v in outs.items()})
