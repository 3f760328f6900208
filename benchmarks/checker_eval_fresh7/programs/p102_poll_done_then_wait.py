"""A serving loop polls done() on the step while it tokenizes the next request, and waits the
Pending before reading the output."""

from llmroute import kernels as K

import tilert as tr

out = tr.zeros((64,), name="out")
step = K.silu(out.partition((16,)), tr.arange(64)).submit()
queue = ["hello world", "foo bar baz"]
tokenized = []
while not step.done() and queue:
    tokenized.append(queue.pop(0).split())
step.wait()
assert out.to_numpy()[0] == 0.0
print(len(tokenized), float(out.to_numpy()[2]))
