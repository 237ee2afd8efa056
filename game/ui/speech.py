"""The system's voice for the spoken board: each line is a process of the platform's
speech command (speech-dispatcher's spd-say or espeak-ng on Linux, say on macOS, SAPI
through PowerShell on Windows), chosen once at start. What happens is told in turn, each
line after the one being spoken; what a player asks is answered at once, cutting the
rest. Nothing waits: a frame only starts a process or looks whether it is done."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections import deque
from collections.abc import Callable
from typing import Final, Protocol

from game.i18n import language


class Voice(Protocol):
    """What speaks the board's lines."""

    name: str
    """The speech command's name ("" when there is none)."""

    def tell(self, text: str) -> None:
        """Say `text` after what is being said (a move, a turn)."""

    def answer(self, text: str) -> None:
        """Say `text` now, cutting whatever is being said or waits (a player's question)."""

    def poll(self) -> None:
        """Once a frame: start the next line once the last one is spoken."""

    def hush(self) -> None:
        """Stop speaking and forget what waits."""


class Silence:
    """No voice: the spoken board off, or no speech command on this system."""

    name = ""

    def tell(self, text: str) -> None:
        pass

    def answer(self, text: str) -> None:
        pass

    def poll(self) -> None:
        pass

    def hush(self) -> None:
        pass


SILENCE: Final = Silence()


class CommandVoice:
    """Speaks each line with one process of a speech command: `command` and its options
    before the words, `language_option` (when the command has one) before the player's
    language code; `by_stdin`: the words go to its standard input, not its arguments;
    `cancel`, the command that silences a voice that outlives its process (a speech
    server's)."""

    def __init__(
        self,
        command: tuple[str, ...],
        language_option: str = "",
        by_stdin: bool = False,
        cancel: tuple[str, ...] = (),
    ) -> None:
        self.name = command[0]
        self.command = command
        self.cancel = cancel
        self.language_option = language_option
        self.by_stdin = by_stdin
        self.waiting: deque[str] = deque()
        self.speaking: subprocess.Popen[bytes] | None = None

    def arguments(self, text: str) -> list[str]:
        """The command line that says `text` in the player's language."""
        words = [] if self.by_stdin else [text]
        options = [self.language_option, language()] if self.language_option else []
        return [*self.command, *options, *words]

    def tell(self, text: str) -> None:
        self.waiting.append(text)
        self.poll()

    def answer(self, text: str) -> None:
        self.hush()
        self.tell(text)

    def poll(self) -> None:
        if self.speaking is not None and self.speaking.poll() is None:
            return
        self.speaking = None
        if self.waiting:
            self._start(self.waiting.popleft())

    def hush(self) -> None:
        self.waiting.clear()
        if self.speaking is not None and self.speaking.poll() is None:
            self.speaking.terminate()
            if self.cancel:
                self._run(self.cancel)
        self.speaking = None

    @staticmethod
    def _run(arguments: list[str] | tuple[str, ...]) -> subprocess.Popen[bytes] | None:
        try:
            return subprocess.Popen(
                arguments,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError:  # gone since start, or cannot run: the line is lost, not the game
            return None

    def _start(self, text: str) -> None:
        try:
            self.speaking = subprocess.Popen(
                self.arguments(text),
                stdin=subprocess.PIPE if self.by_stdin else subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError:  # gone since start, or cannot run: the line is lost, not the game
            self.speaking = None
            return
        if self.speaking.stdin is not None:
            try:
                self.speaking.stdin.write(text.encode("utf-8"))
                self.speaking.stdin.close()
            except OSError:
                pass


SAPI_SCRIPT: Final = (
    "Add-Type -AssemblyName System.Speech; "  # untranslated: a PowerShell script
    "(New-Object System.Speech.Synthesis.SpeechSynthesizer)"  # untranslated: as above
    ".Speak([Console]::In.ReadToEnd())"  # untranslated: as above
)
POWERSHELL: Final = ("powershell", "-NoProfile", "-Command")  # untranslated: options
SPD_SAY: Final = ("spd-say", "--wait")  # untranslated: options
SPD_CANCEL: Final = ("spd-say", "--cancel")  # untranslated: options


def system_voice(
    platform: str = sys.platform, found: Callable[[str], str | None] = shutil.which
) -> CommandVoice | Silence:
    """The platform's voice: on Linux speech-dispatcher (the voice its desktop set up)
    else espeak-ng; `say` on macOS; SAPI on Windows; `SILENCE` when none is found."""
    if platform == "darwin" and found("say"):
        return CommandVoice(("say",))
    if platform == "win32" and found("powershell"):
        return CommandVoice((*POWERSHELL, SAPI_SCRIPT), by_stdin=True)
    if found("spd-say"):
        return CommandVoice(SPD_SAY, "-l", cancel=SPD_CANCEL)
    if found("espeak-ng"):
        return CommandVoice(("espeak-ng",), "-v")
    return SILENCE
