"""Prefix caching: two requests share a prefix block. Request A's fork copies the shared block
into its own buffer (submitted); request B then appends into the shared block itself instead of
copying it first."""

from servekit import add, copy

import tilert as tr

BLOCK = 64

shared_prefix = tr.full((BLOCK,), 1.0, name="prefix_block")
a_block = tr.empty((BLOCK,), name="a_block")
b_delta = tr.full((BLOCK,), 0.5, name="b_new_tokens")

fork_a = copy(a_block.partition((32,)), shared_prefix).submit()
add(shared_prefix.partition((32,)), b_delta, b_delta).sync()  # expect: TC103
fork_a.wait()
print(a_block.to_numpy()[:2], shared_prefix.to_numpy()[:2])
