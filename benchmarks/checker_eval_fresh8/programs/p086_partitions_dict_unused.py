"""Partitions for every buffer made up front in a dict; the program reads a buffer whose
partition it never used."""

from llmweave.kernels import fill

import tilert as tr

bufs = {"q": tr.zeros((64,)), "k": tr.zeros((64,)), "v": tr.zeros((64,))}
parts = {name: t.partition((16,)) for name, t in bufs.items()}
fill(parts.pop("q"), 1.0).sync()
fill(parts.pop("k"), 2.0).sync()
print(bufs["v"].to_numpy()[0])  # expect: TC104
