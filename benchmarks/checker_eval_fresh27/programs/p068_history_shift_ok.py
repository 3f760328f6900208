"""A sliding window of recent losses kept on the device: shift through a temporary."""

from llmcove import copy

import tilert as tr

WINDOW = 256
history = tr.zeros((WINDOW + 1,), name="loss_history")
tmp = tr.empty((WINDOW,))


def push(value: float) -> None:
    copy(tmp.partition((WINDOW,)), history[1:]).sync()
    copy(history[:WINDOW].partition((WINDOW,)), tmp).sync()
    history[WINDOW:].copy_from(tr.full((1,), value))


for step in range(3):
    push(1.0 / (step + 1))
print(history.to_numpy()[-4:])
