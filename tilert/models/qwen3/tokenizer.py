"""Text to token ids and back: a checkpoint's ``tokenizer.json`` through the ``tokenizers``
library (the optional ``models`` extra), or, where there is none (random weights), bytes: the
UTF-8 bytes of the prompt as ids 0-255, and each id printed as its byte (ids past 255 as
``<id>``). ``TextStream`` turns ids into text as they come, holding back an unfinished UTF-8
character (a token may end inside one)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol


class Tokenizer(Protocol):
    def encode(self, text: str) -> list[int]: ...

    def decode(self, ids: Sequence[int]) -> str: ...


class HFTokenizer:
    """A Hugging Face ``tokenizer.json``."""

    def __init__(self, path: Path) -> None:
        try:
            import tokenizers
        except ImportError:
            raise ImportError(
                f"{path} needs the tokenizers library: pip install 'tilecheck[models]'"
            ) from None
        try:
            self._tok = tokenizers.Tokenizer.from_file(str(path))
        except Exception as exc:  # tokenizers raises its own exception types
            raise ValueError(f"{path}: not a readable tokenizer.json: {exc}") from None

    def encode(self, text: str) -> list[int]:
        return list(self._tok.encode(text).ids)

    def decode(self, ids: Sequence[int]) -> str:
        return str(self._tok.decode(list(ids), skip_special_tokens=True))


class ByteTokenizer:
    """No tokenizer: UTF-8 bytes as ids; an id past 255 prints as ``<id>``."""

    def encode(self, text: str) -> list[int]:
        return list(text.encode("utf-8"))

    def decode(self, ids: Sequence[int]) -> str:
        out: list[str] = []
        run = bytearray()
        for i in ids:
            if 0 <= i < 256:
                run.append(i)
                continue
            out.append(run.decode("utf-8", errors="replace"))
            run.clear()
            out.append(f"<{i}>")
        out.append(run.decode("utf-8", errors="replace"))
        return "".join(out)


def load_tokenizer(model_dir: str | Path | None) -> Tokenizer:
    """``model_dir``'s tokenizer.json, or bytes where there is none."""
    if model_dir is not None:
        path = Path(model_dir) / "tokenizer.json"
        if path.exists():
            return HFTokenizer(path)
    return ByteTokenizer()


class TextStream:
    """The text of a growing list of ids, handed out in pieces: ``push(id)`` returns what the
    new id adds, except a trailing U+FFFD (an unfinished UTF-8 character), held back until
    the ids that finish it come; ``finish()`` returns what is left."""

    def __init__(self, tokenizer: Tokenizer) -> None:
        self._tok = tokenizer
        self._ids: list[int] = []
        self._shown = 0

    def push(self, token: int) -> str:
        self._ids.append(token)
        text = self._tok.decode(self._ids)
        end = len(text.rstrip("\ufffd"))
        piece = text[self._shown : end]
        self._shown = max(self._shown, end)
        return piece

    def finish(self) -> str:
        text = self._tok.decode(self._ids)
        piece = text[self._shown :]
        self._shown = len(text)
        return piece
