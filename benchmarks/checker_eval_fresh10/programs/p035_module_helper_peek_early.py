"""The package's scaled() helper submits; its peek() is called before the Pending is waited."""

import llmforge.ops as fo

import tilert as tr
from tilert import f32

x = tr.ones((8,), dtype=f32)
out = tr.zeros((8,), dtype=f32)
pending = fo.scaled(out, x, 4.0)
first = fo.peek(out)  # expect: TC102
pending.wait()
print(first)
