"""A chain whose callback launches the next step; the value is logged after the chain."""

from llmreef import relu, scale

import tilert as tr

x = tr.arange(1024)
hidden = tr.empty((1024,), name="hidden")
out = tr.empty((1024,), name="out")


def next_step(hp: tr.Partition, *_: object) -> tr.Op:
    return scale(out.partition((256,)), hidden, 0.25)


chain = relu(hidden.partition((256,)), x).then(next_step)
chain.sync()
print("hidden[0] =", hidden.to_numpy()[0])
print(out.to_numpy()[:4])
