"""A scheduler that collects ops from model stages and runs them; one stage queues an op that
is run once and kept in the queue."""

from dataclasses import dataclass, field

from llmreef import relu, scale, silu

import tilert as tr


@dataclass
class Scheduler:
    queue: list[tr.Op] = field(default_factory=list)

    def add(self, op: tr.Op) -> None:
        self.queue.append(op)

    def run(self) -> None:
        for op in self.queue:
            op.sync()  # expect: TC110


x = tr.arange(1024)
a, b, c = tr.empty((1024,)), tr.empty((1024,)), tr.empty((1024,))
sched = Scheduler()
sched.add(relu(a.partition((256,)), x))
sched.add(silu(b.partition((256,)), x))
sched.run()
sched.add(scale(c.partition((256,)), a, 0.5))
sched.run()  # expect-also: TC110
print(a.to_numpy()[-1], b.to_numpy()[-1], c.to_numpy()[-1])
