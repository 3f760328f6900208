"""A sliding window of recent losses kept on the device: shift left by one, append."""

from llmcove import copy

import tilert as tr

WINDOW = 256
history = tr.zeros((WINDOW + 1,), name="loss_history")


def push(value: float) -> None:
    copy(history[:WINDOW].partition((WINDOW,)), history[1:]).sync()  # expect: TC101
    history[WINDOW:].copy_from(tr.full((1,), value))


for step in range(3):
    push(1.0 / (step + 1))  # expect-also: TC101
print(history.to_numpy()[-4:])
