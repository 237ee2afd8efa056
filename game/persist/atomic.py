"""Atomic file writes: a reader sees the old file or the new one, never half of one; and
a line added to a journal whole or not at all."""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile


def write_text_atomically(path: str | os.PathLike[str], text: str, durable: bool = True) -> None:
    """Write `text` to `path` through a temporary file in the same folder and a rename.

    `durable` also waits for the disk before the rename, so the new file survives a power
    cut too; without it a crash of the program still leaves the old file or the new one,
    whole, and the write costs far less (the autosave after every move skips it). Any str
    is written: a lone surrogate, which UTF-8 cannot hold, as its escape `\\udXXX`, which
    JSON text (every file written here) reads back as the same character.
    """
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".part")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", errors="backslashreplace") as file:
            file.write(text)
            if durable:
                file.flush()
                os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def append_line(path: str | os.PathLike[str], line: str) -> None:
    """Add `line` and a newline to the file at `path`: the whole line or, when the disk
    refuses part of it (`OSError`), nothing. Not waited for on the disk (a killed
    program's lines are the system's to write)."""
    data = (line + "\n").encode()
    with open(path, "ab", buffering=0) as journal:
        start = journal.tell()
        try:
            if journal.write(data) != len(data):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        except OSError:
            with contextlib.suppress(OSError):
                journal.truncate(start)
            raise
