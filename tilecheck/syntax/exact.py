"""Exact-type tests for libcst's concrete node classes, for the host analysis's hot paths.

libcst's node classes are ABCs: ``isinstance`` against one that does not match goes through
``ABCMeta.__instancecheck__`` (about a microsecond), and the dataflow asks such questions of
every statement on every visit of a block. The concrete classes named here have no
subclasses, so ``type(node)`` answers the same question (issue 17, round 16)."""

from __future__ import annotations

from typing import TypeGuard

import libcst as cst

SEQUENCES: frozenset[type[cst.CSTNode]] = frozenset({cst.Tuple, cst.List})
DISPLAYS: frozenset[type[cst.CSTNode]] = frozenset({cst.Tuple, cst.List, cst.Set})
PATHS: frozenset[type[cst.CSTNode]] = frozenset({cst.Name, cst.Attribute, cst.Subscript})
ITEMS: frozenset[type[cst.CSTNode]] = frozenset({cst.Attribute, cst.Subscript})
DEFINITIONS: frozenset[type[cst.CSTNode]] = frozenset({cst.FunctionDef, cst.ClassDef})
SCOPES: frozenset[type[cst.CSTNode]] = frozenset({cst.FunctionDef, cst.ClassDef, cst.Lambda})
TARGETED: frozenset[type[cst.CSTNode]] = frozenset({cst.AnnAssign, cst.AugAssign, cst.For})
IMPORTS: frozenset[type[cst.CSTNode]] = frozenset({cst.Import, cst.ImportFrom})
EXITS: frozenset[type[cst.CSTNode]] = frozenset({cst.Return, cst.Raise})


def is_sequence(node: object) -> TypeGuard[cst.Tuple | cst.List]:
    return type(node) in SEQUENCES


def is_display(node: object) -> TypeGuard[cst.Tuple | cst.List | cst.Set]:
    return type(node) in DISPLAYS


def is_path(node: object) -> TypeGuard[cst.Name | cst.Attribute | cst.Subscript]:
    return type(node) in PATHS


def is_item(node: object) -> TypeGuard[cst.Attribute | cst.Subscript]:
    return type(node) in ITEMS


def is_definition(node: object) -> TypeGuard[cst.FunctionDef | cst.ClassDef]:
    return type(node) in DEFINITIONS


def is_targeted(node: object) -> TypeGuard[cst.AnnAssign | cst.AugAssign | cst.For]:
    return type(node) in TARGETED


def is_import(node: object) -> TypeGuard[cst.Import | cst.ImportFrom]:
    return type(node) in IMPORTS
