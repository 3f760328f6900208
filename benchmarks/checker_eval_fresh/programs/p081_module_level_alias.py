"""Module-level notebook code: the first token's row of the hidden state updated in place with
an add whose output row is also passed as an input."""

from llmkit.kernels import add

import tilert as tr

hidden = tr.ones((4, 256), name="hidden")
bias = tr.full((256,), 0.5)
row = hidden[0]
add(row.partition((64,)), row, bias).sync()  # expect: TC101
print(hidden.to_numpy()[0, 0])
