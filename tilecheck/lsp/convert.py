"""tilecheck findings as LSP diagnostics.

A ``Span`` has 1-based lines and columns counted in code points; LSP positions are 0-based and
counted in the client's position encoding (UTF-16 unless negotiated otherwise), so columns go
through pygls' ``PositionCodec`` with the text the finding was computed from."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lsprotocol import types
from pygls.workspace import PositionCodec

from tilecheck.codes import UNUSED_SUPPRESSION
from tilecheck.diagnostics import Diagnostic, Span

SOURCE = "tilecheck"


@dataclass(frozen=True)
class ClientSupport:
    """What of a diagnostic the client can show (its ``publishDiagnostics`` capabilities)."""

    related_information: bool = True
    unnecessary_tag: bool = True

    @classmethod
    def of(cls, capabilities: types.ClientCapabilities) -> ClientSupport:
        text_document = capabilities.text_document
        publish = text_document.publish_diagnostics if text_document is not None else None
        if publish is None:
            return cls(related_information=False, unnecessary_tag=False)
        tags = publish.tag_support.value_set if publish.tag_support is not None else ()
        return cls(
            related_information=bool(publish.related_information),
            unnecessary_tag=types.DiagnosticTag.Unnecessary in tags,
        )


_EOL = re.compile(r"\r\n|\r|\n")


def split_lines(source: str) -> list[str]:
    """``source``'s lines as LSP counts them (only CR, LF and CRLF end a line, unlike
    ``str.splitlines``), without their line endings."""
    return _EOL.split(source)


def span_to_range(span: Span, lines: Sequence[str] | None, codec: PositionCodec) -> types.Range:
    """The LSP range of ``span``; ``lines`` (the document's text) converts code points to the
    client's units (``split_lines``), and is None for a file whose text we do not hold (columns
    pass unchanged)."""
    start = types.Position(line=max(span.line - 1, 0), character=max(span.column, 0))
    end = types.Position(line=max(span.end_line - 1, 0), character=max(span.end_column, 0))
    if (end.line, end.character) < (start.line, start.character):
        end = start
    if lines is None:
        return types.Range(start=start, end=end)
    return types.Range(
        start=_client_position(lines, start, codec), end=_client_position(lines, end, codec)
    )


def _client_position(
    lines: Sequence[str], position: types.Position, codec: PositionCodec
) -> types.Position:
    if position.line >= len(lines):  # past the end (a finding at EOF): clamp, do not crash
        last = len(lines) - 1
        if last < 0:
            return types.Position(line=0, character=0)
        text = lines[last]
        return _units(codec, text, last, len(text))
    text = lines[position.line]
    return _units(codec, text, position.line, min(position.character, len(text)))


def _units(codec: PositionCodec, text: str, line: int, code_points: int) -> types.Position:
    """The position ``code_points`` into ``text``, in the client's units."""
    return types.Position(line=line, character=int(codec.client_num_units(text[:code_points])))


def to_lsp(
    diagnostic: Diagnostic,
    *,
    uri: str,
    lines: Sequence[str],
    codec: PositionCodec,
    uri_for_path: Callable[[str], str],
    support: ClientSupport = ClientSupport(),
) -> types.Diagnostic:
    """One finding of the document at ``uri`` (whose text is ``lines``) as an LSP diagnostic:
    the primary span as the range, the labelled secondary spans as related information (or, for
    a client that cannot show that, as lines of the message). No code description: a link
    would need a published page of the rule, and `tilecheck explain` is the explanation."""
    message = diagnostic.message
    related: list[types.DiagnosticRelatedInformation] = []
    for label in diagnostic.labels:
        in_document = label.path is None
        location = types.Location(
            uri=uri if in_document else uri_for_path(str(label.path)),
            range=span_to_range(label.span, lines if in_document else None, codec),
        )
        if support.related_information:
            related.append(types.DiagnosticRelatedInformation(location, label.message))
        else:
            where = "" if in_document else f"{label.path}:"
            message += f"\n{where}{label.span.line}:{label.span.column + 1}: {label.message}"
    if diagnostic.notes:
        message += "".join(f"\nnote: {note}" for note in diagnostic.notes)
    unused = diagnostic.code == UNUSED_SUPPRESSION
    return types.Diagnostic(
        range=span_to_range(diagnostic.span, lines, codec),
        message=message,
        severity=types.DiagnosticSeverity.Warning if unused else types.DiagnosticSeverity.Error,
        code=diagnostic.code,
        source=SOURCE,
        related_information=related or None,
        tags=[types.DiagnosticTag.Unnecessary] if unused and support.unnecessary_tag else None,
    )
