"""A chain whose callback logs an intermediate value, as a debugging print would."""

from llmreef import relu, scale

import tilert as tr

x = tr.arange(1024)
hidden = tr.empty((1024,), name="hidden")
out = tr.empty((1024,), name="out")


def log_and_scale(hp: tr.Partition, *_: object) -> tr.Op:
    print("hidden[0] =", hidden.to_numpy()[0])  # expect: TC102
    return scale(out.partition((256,)), hidden, 0.25)


chain = relu(hidden.partition((256,)), x).then(log_and_scale)
chain.sync()  # expect-also: TC102
print(out.to_numpy()[:4])
