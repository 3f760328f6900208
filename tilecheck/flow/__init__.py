"""Control flow for the host analysis: a CFG over libcst statements and a forward solver."""

from tilecheck.flow.cfg import CFG, Block, Element, ElementKind, build_cfg
from tilecheck.flow.dataflow import solve

__all__ = ["CFG", "Block", "Element", "ElementKind", "build_cfg", "solve"]
