"""Attributes a class's own annotations give a type (moved out of ``tilecheck.host.classes``,
round 36E of issue 17): a parameter annotated ``Tensor`` (or ``Partition``) stored as given
(``self.buf = buf``) holds that kind of object, and so does a field the class body annotates
so (``state: tr.Partition`` of a ``@dataclass``, which its generated ``__init__`` stores).

A partition field counts as one the construction gave the instance: a method that launches
with ``self.state`` consumes the caller's partition, so its summary says so
(``Summary.consumes_attributes``) and a second call of it on the same instance is TC109 where
the runtime raises, inside the method. An attribute given anything else anywhere is no
partition field (``ClassInfo.partitions``: nothing guessed)."""

from __future__ import annotations

import libcst as cst

from tilecheck.host import api
from tilecheck.names import NameResolver
from tilecheck.syntax.nodes import dotted_name


def annotated(annotation: cst.BaseExpression, resolver: NameResolver, kind: str) -> bool:
    """Whether ``annotation`` names the type ``kind`` (``api.TENSOR_TYPE``, ``Tensor[f32]``
    too, or ``api.PARTITION_TYPE``)."""
    if isinstance(annotation, cst.Subscript):
        annotation = annotation.value
    dotted = dotted_name(annotation)
    return dotted is not None and resolver.resolve(dotted) == kind


def annotated_params(fn: cst.FunctionDef, resolver: NameResolver, kind: str) -> set[str]:
    """The parameters of ``fn`` annotated with the type ``kind``."""
    params = fn.params
    return {
        p.name.value
        for p in (*params.posonly_params, *params.params, *params.kwonly_params)
        if p.annotation is not None and annotated(p.annotation.annotation, resolver, kind)
    }


def is_tensor_annotation(annotation: cst.BaseExpression, resolver: NameResolver) -> bool:
    return annotated(annotation, resolver, api.TENSOR_TYPE)


def is_partition_annotation(annotation: cst.BaseExpression, resolver: NameResolver) -> bool:
    return annotated(annotation, resolver, api.PARTITION_TYPE)
