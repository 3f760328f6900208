"""Syntax helpers that the host analysis and the kernel-body analysis share: walking libcst
nodes, reading names and bound targets off them, and evaluating integer constants. Anything
that knows what a tilert name means lives in ``tilecheck.names`` or in one of the passes."""
