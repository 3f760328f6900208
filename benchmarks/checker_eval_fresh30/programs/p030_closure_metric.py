"""Training loop with a closure that reports the running loss."""

from llmquill import axpy

import tilert as tr


def train(steps: int) -> None:
    loss_acc = tr.zeros((256,), name="loss_acc")

    def report(step: int) -> None:
        print(f"step {step}: loss {float(loss_acc.to_numpy().mean()):.4f}")  # expect: TC102

    for step in range(steps):
        batch_loss = tr.full((256,), 1.0 / (step + 1))
        pending = axpy(loss_acc.partition((64,)), batch_loss, 1.0).submit()
        if step == steps - 1:
            report(step)  # expect-also: TC102
        pending.wait()


train(3)
