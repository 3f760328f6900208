"""Attributes a module binds only to dicts (round 38R of issue 17): ``self.grads = {k: ...
for k in names}`` in ``__init__``, then ``for k in self.grads: ... self.scaled[k] ...`` in a
method. A loop over a dict walks its keys, each once, as ``self.grads.keys()`` does; taken as a
walk of the attribute's items (the attribute's value held instead), each turn's key would be
unknown and the item one turn writes would seem written again on the next (a false TC102).

An attribute name qualifies where every statement of the module that stores into an attribute
of that name, of whatever object, is a plain assignment (``=``, annotated or not) of a dict
display or comprehension, and the module reaches no attribute by name (``getattr``,
``setattr``, ``vars``, ``__dict__``): a ``for``/``with`` target, ``del``, an augmented
assignment or any other value leaves the name out. Items stored into it (``self.d[k] = v``)
do not rebind it. One walk of the module, memoised per module."""

from __future__ import annotations

import libcst as cst

from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import flat_targets, store_targets

_BY_NAME = frozenset({"getattr", "setattr", "delattr", "vars", "__dict__"})


def dict_attribute(index: SyntaxIndex, module: cst.CSTNode, path: str) -> bool:
    """``path`` is ``name.attr`` (one attribute of a plain name) and ``attr`` is bound only to
    dicts in ``module``."""
    base, dot, attr = path.partition(".")
    if not dot or not base.isidentifier() or not attr.isidentifier():
        return False
    return attr in index.fact(module, _dict_attributes)


def _dict_attributes(index: SyntaxIndex, module: cst.CSTNode) -> frozenset[str]:
    dicts: set[str] = set()
    others: set[str] = set()
    for node in index.nodes(module):
        if type(node) is cst.Name and node.value in _BY_NAME:
            return frozenset()
        targets = store_targets(node)
        if not targets:
            continue
        value = node.value if isinstance(node, (cst.Assign, cst.AnnAssign)) else None
        is_dict = type(value) in (cst.Dict, cst.DictComp)
        for target in targets:
            for flat in flat_targets(target):
                if type(flat) is cst.Attribute:
                    name = flat.attr.value
                    plain = is_dict and flat is target
                    (dicts if plain else others).add(name)
    return frozenset(dicts - others)
