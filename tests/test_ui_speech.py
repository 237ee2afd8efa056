"""The spoken board: what the table asks the voice to say (a whole hand against its
record, in both languages; whose turn with their tiles; a tile taken in hand and its
spots; the asking keys), the settings' switch and its notice where no voice is found,
the platform's voice chosen at start, and one line spoken through espeak-ng into a WAV
file that is measured."""

from __future__ import annotations

import array
import re
import shutil
import wave
from pathlib import Path

import pygame
import pytest

import game.app as app_module
from game.app import App
from game.i18n import set_language
from game.rules.figure import Figure
from game.rules.moves import DRAW, PLACE, Move
from game.rules.results import MoveResult
from game.rules.tiles import ALL_TILES_MASK, parse_tile, tile_name
from game.scenes.menus.settings import SettingsScene
from game.scenes.requests import Screen
from game.scenes.solitaire.stacked import StackedSolitaireScene
from game.scenes.table.panels import end_words
from game.scenes.table.scene import TableRole, TableScene
from game.scenes.table.score import ScoreScene
from game.ui.narrator import held_said, move_said, near_last_said, tile_said, tiles_said
from game.ui.speech import SAPI_SCRIPT, SILENCE, CommandVoice, system_voice
from game.ui.words import placed_words
from tests.conftest import AppMaker
from tests.drive import Input, run_until, undrawn
from tools.samples import table_config


class RecordingVoice:
    """A voice that keeps what it is asked to say: ("tell", text) or ("answer", text)."""

    name = "recording"

    def __init__(self) -> None:
        self.said: list[tuple[str, str]] = []

    def tell(self, text: str) -> None:
        self.said.append(("tell", text))

    def answer(self, text: str) -> None:
        self.said.append(("answer", text))

    def poll(self) -> None:
        pass

    def hush(self) -> None:
        pass

    def lines(self) -> list[str]:
        return [text for _kind, text in self.said]


def speaking_app(make_app: AppMaker) -> tuple[App, RecordingVoice]:
    """An app whose spoken board is on, speaking into a recording voice."""
    app = make_app(speed="instant", banner=False, frames=1)
    voice = RecordingVoice()
    app.system_voice = voice  # type: ignore[assignment]  # a voice of the tests' own
    app.settings.spoken_board = True
    app.apply_settings()
    return app, voice


def open_table(
    app: App, players: list[tuple[str, str]], seed: int, **rules: object
) -> TableScene[TableRole]:
    scene = TableScene(app, table_config(players, seed, **rules))
    app.push(scene)
    app.run_frames(1)
    return scene


MOVE_LINES = {
    "en": (
        r"{name}(: opportunity play on [23] sides with| placed) {tile}, {points}",
        r"{name} drew a tile",
        r"{name} passed",
        ("no points", "1 point", "{points} points"),
    ),
    "es": (
        r"{name}(: Jugada de Oportunidad por [23] lados con| colocó) {tile}, {points}",
        r"{name} robó un triángulo",
        r"{name} pasó",
        ("sin puntos", "1 punto", "{points} puntos"),
    ),
}
"""Each move's spoken line, by language, written out here apart from the game's words."""


@pytest.mark.parametrize("code", ["en", "es"])
def test_every_move_of_a_hand_is_spoken_with_its_points_in_order(
    make_app: AppMaker, code: str
) -> None:
    app, voice = speaking_app(make_app)
    app.settings.language = code
    app.apply_settings()
    players = [("Ann", "ai:greedy"), ("Bo", "ai:random"), ("Cy", "ai:greedy")]
    scene = open_table(app, players, seed=5, hands=1)
    with undrawn(app):  # what is said comes with the moves, in the updates
        run_until(app, lambda: isinstance(app.scene, ScoreScene))
    placed, drew, passed, points_words = MOVE_LINES[code]
    names = scene.match.names
    expected = []
    for move in scene.match.record.hands[0].moves:
        name = names[move.player]
        if move.move.action == PLACE:
            score = move.score or 0
            points = points_words[min(score, 2)].format(points=score)
            values = sorted(int(value) for value in tile_name(move.move.tile).split("-"))
            tile = " ".join(str(value) for value in values)
            expected.append(placed.format(name=name, tile=tile, points=points))
        elif move.move.action == DRAW:
            expected.append(drew.format(name=name))
        else:
            expected.append(passed.format(name=name))
    *moves_said, ending = voice.lines()
    assert len(expected) > 10
    assert len(moves_said) == len(expected)
    for line, pattern in zip(moves_said, expected, strict=True):
        assert re.fullmatch(pattern, line), (line, pattern)
    assert ending == end_words(scene.match)


def test_a_persons_turn_is_told_with_their_tiles_and_the_keys_answer(make_app: AppMaker) -> None:
    app, voice = speaking_app(make_app)
    scene = open_table(app, [("Ann", "human"), ("Bot", "ai:greedy")], seed=3)
    run_until(app, lambda: scene.human_can_act() and len(scene.state.figure) > 0)
    app.run_frames(1)
    lines = voice.lines()
    turn = lines.index("Ann, your turn")
    assert lines[turn + 1].startswith("Your tiles: ")
    assert lines[turn + 1].count(";") == len(scene.state.hand_tiles(0)) - 1
    keys = Input(app, frames=1)
    keys.press(pygame.K_TAB)
    tile = scene.controls.selected
    assert tile is not None
    spots = len(scene.controls.spot_cells())
    assert voice.said[-1] == ("answer", held_said(tile, scene.controls.spot_cells()))
    assert voice.said[-1][1].endswith(f": {spots} lit spot" + ("s" if spots > 1 else ""))
    keys.press(pygame.K_RIGHT)
    assert re.fullmatch(
        rf"Spot 1 of {spots}(: touches .+)?, (no points|\d+ points)", voice.lines()[-1]
    )
    keys.press(pygame.K_l)
    assert re.fullmatch(r"The last tile is [\d ]+[;,] .+ open sides?\.", voice.lines()[-1])
    keys.press(pygame.K_m)
    assert voice.said[-1][0] == "answer" and voice.lines()[-1].startswith("Your tiles: ")
    keys.press(pygame.K_p)
    scores = scene.state.standings()
    assert voice.said[-1] == ("answer", f"Scores: Ann {scores[0]}; Bot {scores[1]}")


def test_the_settings_switch_turns_the_voice_on_or_says_there_is_none(make_app: AppMaker) -> None:
    app = make_app(frames=1)
    app.system_voice = SILENCE
    app.open(Screen.SETTINGS)
    app.run_frames(1)
    settings = app.scene
    assert isinstance(settings, SettingsScene)
    Input(app, frames=1).click(settings.spoken)
    assert app.settings.spoken_board
    assert any(text.startswith("No voice was found") for text in app.notice_board.texts)
    voice = RecordingVoice()
    app.system_voice = voice  # type: ignore[assignment]  # a voice of the tests' own
    Input(app, frames=1).click(settings.spoken)
    Input(app, frames=1).click(settings.spoken)
    assert app.speech is voice


@pytest.mark.parametrize(
    ("platform", "present", "command"),
    [
        ("linux", {"spd-say", "espeak-ng"}, ["spd-say", "--wait", "-l", "en", "Hi"]),
        ("linux", {"espeak-ng"}, ["espeak-ng", "-v", "en", "Hi"]),
        ("darwin", {"say"}, ["say", "Hi"]),
        ("win32", {"powershell"}, ["powershell", "-NoProfile", "-Command", SAPI_SCRIPT]),
    ],
)
def test_the_platforms_voice_is_chosen_at_start(
    platform: str, present: set[str], command: list[str]
) -> None:
    voice = system_voice(platform, lambda name: name if name in present else None)
    assert isinstance(voice, CommandVoice)
    assert voice.arguments("Hi") == command
    assert system_voice(platform, lambda name: None) is SILENCE


def test_a_told_line_waits_its_turn_and_an_answer_cuts_what_is_said() -> None:
    voice = CommandVoice(("sleep",))  # "says" a line by sleeping its number of seconds
    voice.tell("30")
    first = voice.speaking
    voice.tell("0")
    assert voice.speaking is first and list(voice.waiting) == ["0"]
    voice.answer("0")
    assert first is not None and first.wait(5) != 0  # cut
    assert voice.speaking is not first and not voice.waiting
    assert voice.speaking is not None and voice.speaking.wait(5) == 0


@pytest.mark.skipif(
    shutil.which("espeak-ng") is None,
    reason="espeak-ng is not installed (apt-get install espeak-ng; .ci/run installs it)",
)
@pytest.mark.parametrize("code", ["en", "es"])
def test_a_move_is_spoken_through_espeak_ng_into_a_wav_file(tmp_path: Path, code: str) -> None:
    set_language(code)
    wav = tmp_path / "said.wav"
    voice = CommandVoice(("espeak-ng", "-w", str(wav)), "-v")
    tile = parse_tile("08-09-10")
    result = MoveResult(Move(PLACE, tile, (0, 0), 0), 1, (), 25, None, False, None)
    voice.tell(move_said("Edna", result))
    assert voice.speaking is not None and voice.speaking.wait(30) == 0
    with wave.open(str(wav)) as sound:
        assert sound.getsampwidth() == 2 and sound.getnchannels() == 1
        seconds = sound.getnframes() / sound.getframerate()
        samples = array.array("h", sound.readframes(sound.getnframes()))
    assert 1.0 < seconds < 6.0  # "Edna placed 8 9 10, 25 points": about two seconds
    loud = sum(1 for sample in samples if abs(sample) > 1000)
    assert loud > len(samples) // 10  # speech, not silence


def test_a_solitaire_speaks_every_move_the_light_and_the_end(make_app: AppMaker) -> None:
    app, voice = speaking_app(make_app)
    app.settings.winnable_light = "every"
    scene = StackedSolitaireScene(app, seed=11)
    app.push(scene)
    app.run_frames(3)
    keys = Input(app, frames=2)
    keys.press(pygame.K_m)
    tops = {move.tile for move in scene.state.legal_moves()}  # the tiles you may play
    answers = [text for kind, text in voice.said if kind == "answer"]
    assert answers[-1].startswith("Your tiles: ") and answers[-1].count(";") == len(tops) - 1
    keys.press(pygame.K_a)
    with undrawn(app):  # what is said comes with the moves, in the updates
        run_until(app, lambda: scene.finished)
    keys.press(pygame.K_p)
    expected = []
    for move in scene.session.record.hands[0].moves:
        values = sorted(int(value) for value in tile_name(move.move.tile).split("-"))
        score = move.score or 0
        points = f"{score} points" if score else "no points"
        tile = " ".join(map(str, values))
        expected.append(f"Placed {tile} from pile {move.move.pile + 1}, {points}")
    lines = voice.lines()
    assert [line for line in lines if " from pile " in line] == expected
    placed = len(scene.state.figure)
    ending = (
        "Solved! All 36 tiles placed."
        if scene.state.won
        else f"No more moves: {placed} of 36 placed."
    )
    assert lines[-2:] == [ending, placed_words(placed)]
    assert any(line in lines for line in ("Still winnable", "Winnable? The solver cannot tell"))


@pytest.mark.parametrize(
    ("code", "alone", "touching", "hand"),
    [
        (
            "en",
            "The last tile is 8 9 10, alone, with 3 open sides.",
            "The last tile is {tile}; it touches 8 9 10; 2 open sides.",
            "Your tiles: 1 2 3; 8 9 10",
        ),
        (
            "es",
            "El último triángulo es 8 9 10, solo, con 3 lados libres.",
            "El último triángulo es {tile}; toca 8 9 10; 2 lados libres.",
            "Tus triángulos: 1 2 3; 8 9 10",
        ),
    ],
)
def test_the_narrator_says_what_is_near_the_last_tile_and_a_hand_off_turn(
    code: str, alone: str, touching: str, hand: str
) -> None:
    set_language(code)
    figure = Figure()
    first = parse_tile("08-09-10")
    empty = "The figure is empty." if code == "en" else "La figura está vacía."
    assert near_last_said(figure) == empty
    figure.place(first, (0, 0), 0)
    assert near_last_said(figure) == alone
    second = figure.placements(ALL_TILES_MASK & ~(1 << first))[0]
    figure.place(second.tile, second.cell, second.rot)
    assert near_last_said(figure) == touching.format(tile=tile_said(second.tile))
    assert tiles_said([parse_tile("01-02-03"), first], None) == hand  # not their turn


def test_a_game_started_with_the_spoken_board_on_and_no_voice_says_so(
    make_app: AppMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = make_app(frames=1)
    first.settings.spoken_board = True
    first.save_settings()
    first.close()
    monkeypatch.setattr(app_module, "system_voice", lambda: SILENCE)
    again = make_app(frames=2)
    assert again.settings.spoken_board and again.speech is SILENCE
    assert any(text.startswith("No voice was found") for text in again.notice_board.texts)
