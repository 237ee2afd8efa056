"""Named scenes to render for `tools/screenshot.py` (and tests): each target sets up a
scene as a player would meet it, above the menu.

A target gets the app and an optional parsed game record and returns a `Shot`: the scene
to push (None: the menu itself) and, if the picture needs it, a step to run once the
scene has been laid out (its first frame), such as holding a tile over a spot.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from game.ai.analysis import review_solitaire
from game.ai.autoplay import simple_fair_move, stacked_best_try
from game.ai.players import make_player
from game.ai.solver import SOLVER_POSITIONS, solve
from game.app import App
from game.cli import simulate
from game.play.lesson import LESSON_STEPS, Lesson
from game.play.seats import Computer
from game.play.solitaire_light import THINKING, UNDECIDED
from game.rules.figure_refusals import COLOUR_CLASH, VALUE_CLASH
from game.rules.modes import Mode
from game.rules.moves import PLACE, STOCK
from game.rules.record.document import GameRecord
from game.rules.results import MoveResult
from game.rules.table_rules import TableRules
from game.scenes.base import Scene
from game.scenes.games.history import HistoryScene
from game.scenes.games.records import RecordsScene, SaveRecordScene
from game.scenes.games.stats import StatsScene
from game.scenes.menus.about import AboutScene
from game.scenes.menus.daily import DailyScene
from game.scenes.menus.menu import MenuScene
from game.scenes.menus.rules import RulesScene
from game.scenes.menus.settings import SettingsScene
from game.scenes.review.coach import CoachScene
from game.scenes.review.replay import ReplayScene
from game.scenes.setup.scene import SetupScene
from game.scenes.solitaire.draw import DrawSolitaireScene
from game.scenes.solitaire.sources import STOCK_KEY
from game.scenes.solitaire.stacked import StackedSolitaireScene
from game.scenes.table.guided import lesson_scene
from game.scenes.table.moves import FLIGHT_S
from game.scenes.table.panels import end_words
from game.scenes.table.scene import TableRole, TableScene
from game.scenes.table.score import ScoreScene
from tools.samples import (
    SEAT_NAMES,
    fill_sample_daily,
    fill_sample_history,
    fill_sample_records,
    sample_record,
    table_config,
)

Record = dict[str, Any] | None


@dataclass
class Shot:
    """What a target shows: `scene` pushed on the app (None: the menu as it is) and an
    optional `after_layout` step the tool runs once the scene is laid out."""

    scene: Scene | None
    after_layout: Callable[[], None] | None = None
    frames: int | None = None
    """Frames to run after the after-layout step, when the target wants its own count."""


Target = Callable[[App, Record], Shot]
TARGETS: dict[str, Target] = {}


def target(name: str) -> Callable[[Target], Target]:
    def register(factory: Target) -> Target:
        TARGETS[name] = factory
        return factory

    return register


# --- menu, dialogs and forms ----------------------------------------------------------


@target("menu")
def _menu(app: App, record: Record) -> Shot:
    return Shot(None)


@target("menu-saves")
def _menu_saves(app: App, record: Record) -> Shot:
    """The menu with an unfinished table game and draw solitaire saved."""
    for mode in (Mode.TABLE, Mode.DRAW_SOLITAIRE):
        finished = sample_record(mode, 2 if mode == Mode.TABLE else 1)
        app.storage.save_game(finished.only_hand(0, finished.hands[0].moves[:3]))
    menu = app.scene
    assert isinstance(menu, MenuScene)
    menu.refresh_saves()
    return Shot(None)


@target("quit")
def _quit(app: App, record: Record) -> Shot:
    """The menu's Escape: the question whether to quit."""
    app.scene.on_back()
    return Shot(None)


@target("setup")
def _setup(app: App, record: Record) -> Shot:
    return Shot(SetupScene(app))


@target("setup-code")
def _setup_code(app: App, record: Record) -> Shot:
    """A friend's share code typed into the setup screen: seats and options set."""
    scene = SetupScene(app)

    return Shot(scene, lambda: scene.deal_field.type_in("T4711-HXHG-12FC40-D"))


@target("setup-club")
def _setup_club(app: App, record: Record) -> Shot:
    """Club Contack by the Spanish book chosen: the chips are the box's."""
    scene = SetupScene(app)
    scene.rules.variant.set_value("club-spanish")
    return Shot(scene, scene.rules.scoring_chosen)


@target("setup-target")
def _setup_target(app: App, record: Record) -> Shot:
    """A game for points played to a target score of 200."""
    scene = SetupScene(app)
    scene.rules.length.set_value(200)
    return Shot(scene, lambda: scene.resize(app.size))


@target("settings")
def _settings(app: App, record: Record) -> Shot:
    return Shot(SettingsScene(app))


@target("rules")
def _rules(app: App, record: Record) -> Shot:
    return Shot(RulesScene(app))


def _rules_page(page: int) -> Target:
    def factory(app: App, record: Record) -> Shot:
        scene = RulesScene(app)
        scene.page = page
        return Shot(scene)

    return factory


for _page in range(11):
    target(f"rules-{_page + 1}")(_rules_page(_page))


# --- the table ------------------------------------------------------------------------


def play_lesson_to(lesson: Lesson, step: int, explained: bool = False) -> None:
    """Play the lesson straight through to `step` (0-based), waiting for its move, or,
    when `explained`, once its move is played and explained."""
    while lesson.step_index < step or (explained and not lesson.explaining):
        if lesson.waiting:
            lesson.go_on()
        elif lesson.flow.is_human(lesson.flow.state.current_player):
            expected = lesson.expected()
            assert expected is not None
            lesson.flow.play(expected)
        else:
            lesson.flow.think()
            lesson.flow.poll()


def _guided(step: int, explained: bool) -> Target:
    def factory(app: App, record: Record) -> Shot:
        scene = lesson_scene(app)
        play_lesson_to(scene.role.lesson, step, explained)
        scene.role.lesson.take_opportunity_news()  # played before the picture: not announced
        scene.sync_scores()
        return Shot(scene)

    return factory


for _step, _lesson_step in enumerate(LESSON_STEPS):
    target(f"guided-{_step + 1}")(_guided(_step, False))
    if _lesson_step.then:
        target(f"guided-{_step + 1}-done")(_guided(_step, True))


@contextmanager
def unseen(app: App) -> Iterator[None]:
    """Frames that run as the game's do but are not drawn: a target that plays many
    frames to reach its picture (a whole hand) spent nine tenths of its time drawing
    frames nobody sees. Drawing changes nothing the later frames draw (the pictures
    are the same to the pixel), but for a notice or an achievement's card: each finds
    its place on the picture drawn under it, and its seconds begin there, so the frames
    they are up in are drawn. Within frames already unseen, nothing changes."""
    if "draw" in vars(app):
        yield
        return

    def draw(alpha: float) -> None:
        if app.placing_on_the_picture:
            App.draw(app, alpha)

    app.draw = draw  # type: ignore[method-assign]
    try:
        yield
    finally:
        del app.draw  # the class's own again


def _mid_game(app: App, seats: int, moves: int, seed: int, **rules: Any) -> TableScene[TableRole]:
    """A table with `moves` greedy moves already played, its human seat to act."""
    players = [(SEAT_NAMES[0], "human")] + [(SEAT_NAMES[s], "ai:greedy") for s in range(1, seats)]
    scene = TableScene(app, table_config(players, seed, **rules))
    bot = make_player("greedy", random.Random(seed))
    while len(scene.state.figure) < moves or scene.state.current_player != 0:
        if scene.state.hand_over:
            break
        scene.match.play(bot.choose(scene.state))
    scene.turns.mouse_holder = 0
    scene.sync_scores()
    return scene


@target("table-club")
def _table_club(app: App, record: Record) -> Shot:
    """Seven seats of a Spanish book club game sharing a box of 70: purses with debts and
    loans beside the names."""
    return Shot(_mid_game(app, 7, 16, 4, variant="club", chips=70, club_rules="spanish"))


@target("table-2")
def _table_two(app: App, record: Record) -> Shot:
    if record is not None:
        return Shot(TableScene(app, {}, record=GameRecord.parse(record)))
    scene = _mid_game(app, 2, 9, 11)

    def hold_tile() -> None:
        controls = scene.controls
        tiles = controls.active_tiles()
        best = max(
            tiles,
            key=lambda t: max(
                (scene.state.placement_score(m) for m in scene.legal_moves() if m.tile == t),
                default=-1,
            ),
        )
        controls.select(best)
        cells = controls.spot_cells()
        if cells:
            controls.hover_cell = cells[0]

    return Shot(scene, hold_tile)


@target("table-refusal")
def _table_refusal(app: App, record: Record) -> Shot:
    """A playable tile dropped where it may not go: the refusal says why, in the theme's
    colour words."""
    scene = _mid_game(app, 2, 9, 11)

    def refuse() -> None:
        controls = scene.controls
        playable = {m.tile for m in scene.legal_moves() if m.action == PLACE}
        state = scene.state
        for tile in sorted(playable):
            controls.select(tile)
            for cell in sorted(state.figure.open_cells()):
                refusal = state.figure.refusal(tile, cell, state.figure.forced_rotation(cell) or 0)
                if refusal is not None and refusal.kind in (COLOUR_CLASH, VALUE_CLASH):
                    controls.try_place(cell)
                    return

    return Shot(scene, refuse, frames=12)


@target("about")
def _about(app: App, record: Record) -> Shot:
    return Shot(AboutScene(app))


@target("table-7")
def _table_seven(app: App, record: Record) -> Shot:
    scene = _mid_game(app, 7, 14, 5)
    for seat in range(1, 7):
        computer = scene.match.seats[seat]
        assert isinstance(computer, Computer)
        computer.player = make_player("greedy", random.Random(seat))
    return Shot(scene)


@target("table-score-animation")
def _table_scoring(app: App, record: Record) -> Shot:
    """Just after a counting play: edges lit and sums rising."""
    scene = _mid_game(app, 3, 12, 23)

    def play_best() -> None:
        moves = [m for m in scene.legal_moves() if m.action == PLACE]
        if moves:
            scene.play(
                max(
                    moves,
                    key=lambda m: (
                        len(scene.state.figure.contacts(m.tile, m.cell, m.rot)),
                        scene.state.placement_score(m),
                    ),
                )
            )
            scene.tweens.update(FLIGHT_S)

    return Shot(scene, play_best)


def _until_handoff(app: App, scene: TableScene[TableRole], moves: int) -> Callable[[], None]:
    """Play (the people by a greedy choice) until a hand-off has `moves` moves to tell,
    the moves before it at instant speed (drawing each of their frames was most of a
    text audit's time)."""
    bot = make_player("greedy", random.Random(3))

    def play_until_handoff() -> None:
        speed = app.settings.animation_speed
        app.settings.animation_speed = "instant"
        scene.settings_changed()
        try:
            until_handoff()
        finally:
            app.settings.animation_speed = speed
            scene.settings_changed()

    def until_handoff() -> None:
        turns = scene.turns
        for _ in range(3000):
            seat = turns.banner_seat
            if (
                seat is not None
                and len(turns.news_for(seat)) >= moves
                and len(scene.state.figure) > 2
            ):
                return
            if seat is not None:
                turns.hand_over_mouse()
            elif scene.human_can_act():
                scene.play(bot.choose(scene.state))
            app.run_frames(1)

    return play_until_handoff


@target("table-banner")
def _table_banner(app: App, record: Record) -> Shot:
    """The hand-off to a second human, with what the others did since their last turn."""
    players = [("Ann", "human"), ("Edna", "ai:greedy"), ("Ben", "human")]
    scene = TableScene(app, table_config(players, 3))
    return Shot(scene, _until_handoff(app, scene, 1))


@target("table-banner-log")
def _table_banner_log(app: App, record: Record) -> Shot:
    """The hand-off after five computers: a log longer than the panel, the newest move
    in view, the scroll bar, and the tiles placed since the player's turn ringed."""
    players = [
        ("Ann", "human"),
        *((name, "ai:greedy") for name in ("Bea", "Cy", "Dot", "Eve", "Fay")),
        ("Gus", "human"),
    ]
    scene = TableScene(app, table_config(players, 3))
    return Shot(scene, _until_handoff(app, scene, 6))


@target("table-computer-move")
def _table_computer_move(app: App, record: Record) -> Shot:
    """A computer's move just landed: the tile marked, its contacts lit, its points."""
    scene = _mid_game(app, 3, 10, 23)

    def computer_lands() -> None:
        shown: list[MoveResult] = []
        show = scene.moves.show

        def spy(result: MoveResult, forced: bool = False) -> None:
            shown.append(result)
            show(result, forced)

        scene.moves.show = spy  # type: ignore[method-assign]
        with unseen(app):
            for _ in range(3000):
                last = shown[-1] if shown else None
                if (
                    last is not None
                    and last.move.action == PLACE
                    and last.contacts
                    and not scene.match.is_human(last.player)
                    and not scene.tweens.busy
                ):
                    return
                if scene.human_can_act():
                    scene.play(scene.legal_moves()[0])
                app.run_frames(1)

    return Shot(scene, computer_lands, frames=12)


@target("table-hand-end")
def _table_hand_end(app: App, record: Record) -> Shot:
    """A hand just ended: the tiles left in hand cost their -10 each."""
    scene = _mid_game(app, 3, 14, 23)
    bot = make_player("greedy", random.Random(23))

    def hand_ends() -> None:
        with unseen(app):
            for _ in range(6000):
                if scene.state.hand_over:
                    return
                if scene.human_can_act():
                    scene.play(bot.choose(scene.state))
                app.run_frames(1)

    return Shot(scene, hand_ends, frames=70)


@target("score-hand")
def _score_hand(app: App, record: Record) -> Shot:
    """The scores after the first hand of three (Next hand to go on)."""
    players = [("Ann", "human"), ("Ben", "ai:greedy"), ("Cleo", "ai:greedy")]
    table = TableScene(app, table_config(players, 8))
    bot = make_player("greedy", random.Random(8))
    while not table.state.hand_over:
        table.match.play(bot.choose(table.state))
    turns = table.turns
    turns.hand_end_played = turns.score_screen_due = True
    app.push(table)
    return Shot(ScoreScene(app, table.match, end_words(table.match), table.next_hand))


def final_scores(
    app: App, players: list[tuple[str, str]], seed: int, bot_seed: int, **rules: Any
) -> Shot:
    """A table game played out by greedy moves, on its final score screen."""
    table = TableScene(app, table_config(players, seed, **rules))
    bot = make_player("greedy", random.Random(bot_seed))
    state = table.state
    while not state.is_terminal():
        if state.hand_over:
            table.match.next_hand()
        else:
            table.match.play(bot.choose(state))
    turns = table.turns
    turns.hand_end_played = turns.score_screen_due = turns.finished_reported = True
    app.push(table)
    return Shot(ScoreScene(app, table.match, end_words(table.match), table.next_hand))


@target("score-club")
def _score_club(app: App, record: Record) -> Shot:
    """A finished club game by the Spanish book's rules: a small box, so players borrow
    from each other and the sheet shows what each owes and is owed."""
    players = [("Ann", "human"), ("Ben", "ai:greedy"), ("Cleo", "ai:greedy")]
    return final_scores(app, players, 5, 5, hands=2, variant="club", chips=30, club_rules="spanish")


@target("score")
def _score(app: App, record: Record) -> Shot:
    """A finished 4-seat game with partners, on its final score screen."""
    players = [("Ann", "human"), ("Ben", "ai:greedy"), ("Cleo", "human"), ("Dev", "ai:greedy")]
    return final_scores(app, players, 19, 2, partners=True)


# --- the solitaires -------------------------------------------------------------------


def _play_fairly(scene: DrawSolitaireScene, moves: int) -> None:
    """Play up to `moves` fair moves straight through the session (no animation)."""
    for _ in range(moves):
        if scene.finished:
            break
        scene.session.play(simple_fair_move(scene.draw_state))


@target("draw-solitaire")
def _draw_mid_game(app: App, record: Record) -> Shot:
    scene = DrawSolitaireScene(
        app, record=GameRecord.parse(record) if record else None, seed=None if record else 7
    )
    if record is None:
        _play_fairly(scene, 24)
    return Shot(scene)


@target("draw-solitaire-turned")
def _draw_turned(app: App, record: Record) -> Shot:
    scene = DrawSolitaireScene(app, seed=7)
    _play_fairly(scene, 12)
    for _ in range(20):
        state = scene.draw_state
        moves = [m for m in state.legal_moves() if m.source == STOCK]
        if moves[0].action == PLACE:
            scene.session.turn_stock()
            scene.controls.selected = STOCK_KEY
            break
        scene.session.play(simple_fair_move(state))
    app.storage.clear_game(Mode.DRAW_SOLITAIRE)
    return Shot(scene)


@target("draw-solitaire-over")
def _draw_over(app: App, record: Record) -> Shot:
    scene = DrawSolitaireScene(app, seed=7)
    _play_fairly(scene, 200)
    if scene.finished:
        scene.finish(scene.state.won)
    return Shot(scene)


@target("draw-solitaire-light")
def _draw_light(app: App, record: Record) -> Shot:
    """A winnable deal mid-game (winnable deals only): the light is on."""
    app.settings.extra["solitaire"] = {"winnable_only": True}
    scene = DrawSolitaireScene(app, seed=7)
    for move in solve(scene.draw_state).moves[:12]:
        scene.session.play(move)
    return Shot(scene)


@target("draw-solitaire-light-out")
def _draw_light_out(app: App, record: Record) -> Shot:
    """A lost game on every deal's light: where it went out, in the panel and the end's
    words, with the fair odds of this deal being worked out."""
    app.settings.winnable_light = "every"
    scene = DrawSolitaireScene(app, seed=7)
    session = scene.session

    def lose() -> None:
        while not scene.finished:
            session.play(simple_fair_move(scene.draw_state))
            session.poll()  # the light's question asked...
            session.poll()  # ...and answered
        scene.finish(scene.state.won)
        session.fair_odds.wins_games = (1, 12)
        session.fair_odds.as_dealt = True
        session.fair_odds._job = _Unanswered()

    return Shot(scene, lose)


class _Unanswered:
    """A job the worker has not answered yet."""

    def done(self) -> bool:
        return False

    def result(self) -> None:
        return None

    @property
    def failed(self) -> bool:
        return False

    def cancel(self) -> None:
        """Nothing runs."""


def _stacked_light(shows: str) -> Callable[[App, Record], Shot]:
    """A target: every deal's light showing `shows` (thinking, or that the solver cannot
    tell in its budget), its question dropped so that it stays so."""

    def shot(app: App, record: Record) -> Shot:
        app.settings.winnable_light = "every"
        scene = StackedSolitaireScene(app, seed=11)
        _play_best_tries(scene, 8)
        light = scene.session.light

        def stay() -> None:
            light.drop()
            light.shows = shows

        return Shot(scene, stay)

    return shot


target("stacked-solitaire-light-thinking")(_stacked_light(THINKING))
target("stacked-solitaire-light-undecided")(_stacked_light(UNDECIDED))


def _play_best_tries(scene: StackedSolitaireScene, moves: int) -> None:
    """Play up to `moves` best-try moves straight through the session (no animation)."""
    for _ in range(moves):
        if scene.finished:
            break
        scene.session.play(stacked_best_try(scene.stacked_state))
    scene.opening_pending = False
    scene.services.storage.clear_game(Mode.STACKED_SOLITAIRE)


@target("stacked-solitaire")
def _stacked_mid_game(app: App, record: Record) -> Shot:
    scene = StackedSolitaireScene(
        app, record=GameRecord.parse(record) if record else None, seed=None if record else 11
    )
    if record is None:
        _play_best_tries(scene, 14)
    return Shot(scene)


@target("stacked-solitaire-fanned")
def _stacked_fanned(app: App, record: Record) -> Shot:
    app.settings.extra["solitaire"] = {"fanned_piles": True}
    scene = StackedSolitaireScene(app, seed=11)
    _play_best_tries(scene, 6)
    pickable = [key for key in scene.sources.sprites if scene.sources.pickable(key)]
    scene.controls.selected = pickable[0] if pickable else None
    return Shot(scene)


@target("stacked-solitaire-over")
def _stacked_over(app: App, record: Record) -> Shot:
    scene = StackedSolitaireScene(app, seed=11)
    _play_best_tries(scene, 40)
    if scene.finished:
        scene.finish(scene.state.won)
    return Shot(scene)


# --- records, history, statistics, replays --------------------------------------------


@target("records")
def _records(app: App, record: Record) -> Shot:
    fill_sample_records(app.storage)
    return Shot(RecordsScene(app))


@target("save-record")
def _save_record(app: App, record: Record) -> Shot:
    data = record or sample_record().to_json()
    app.push(ReplayScene(app, GameRecord.parse(data)))
    return Shot(SaveRecordScene(app, GameRecord.parse(data), "Sunday with the family"))


@target("history")
def _history(app: App, record: Record) -> Shot:
    fill_sample_history(app.storage)
    return Shot(HistoryScene(app))


@target("stats")
def _stats(app: App, record: Record) -> Shot:
    fill_sample_history(app.storage)
    fill_sample_daily(app.storage, SAMPLE_DAY)
    return Shot(StatsScene(app))


SAMPLE_DAY = datetime.date(2026, 11, 22)


@target("daily")
def _daily(app: App, record: Record) -> Shot:
    """The daily deals on a sample day, with days won marked on the calendar."""
    fill_sample_daily(app.storage, SAMPLE_DAY)
    return Shot(DailyScene(app, today=SAMPLE_DAY))


def _replay(mode: str, players: int, fraction: float) -> Target:
    def factory(app: App, record: Record) -> Shot:
        game = GameRecord.parse(record) if record else sample_record(mode, players)
        scene = ReplayScene(app, game)
        replay = scene.replay
        replay.seek(0, round(len(replay.steps[0]) * fraction))
        return Shot(scene)

    return factory


target("replay")(_replay(Mode.TABLE, 4, 0.6))
target("replay-7")(_replay(Mode.TABLE, 7, 0.5))
target("replay-draw")(_replay(Mode.DRAW_SOLITAIRE, 1, 0.7))
target("replay-stacked")(_replay(Mode.STACKED_SOLITAIRE, 1, 0.7))


def _solitaire_review(mode: str, seed: int, into_line: float) -> Target:
    """A lost solitaire in the review: at the slip, or `into_line` of the way along the
    winning line ("Show me" under way)."""

    def factory(app: App, record: Record) -> Shot:
        game = (
            GameRecord.parse(record)
            if record
            else simulate(mode, 1, seed, ["random"], TableRules())
        )
        found = review_solitaire(game, SOLVER_POSITIONS)
        scene = ReplayScene(app, game, review=found)
        if into_line and found.last_winnable is not None:
            scene.replay.seek(0, found.last_winnable + round(len(found.line) * into_line))
        return Shot(scene)

    return factory


def _coached_record() -> GameRecord:
    """A three-seat hand with two people (Ann and Bob, random players) and a computer."""
    record = simulate(Mode.TABLE, 3, 2, ["random", "random", "greedy"], TableRules(hands=1))
    for seat, name in enumerate(("Ann", "Bob")):
        record.set_player(seat, name=name, kind="human")
    return record


@target("coach")
def _coach(app: App, record: Record) -> Shot:
    return Shot(CoachScene(app, GameRecord.parse(record) if record else _coached_record()))


@target("coach-move")
def _coach_move(app: App, record: Record) -> Shot:
    """The coach's first move worth a look, shown on the board."""
    coach = CoachScene(app, GameRecord.parse(record) if record else _coached_record())
    app.push(coach)
    coach.show_selected()
    return Shot(None)


target("review-draw")(_solitaire_review(Mode.DRAW_SOLITAIRE, 2, 0))
target("review-stacked")(_solitaire_review(Mode.STACKED_SOLITAIRE, 3, 0))
target("review-draw-line")(_solitaire_review(Mode.DRAW_SOLITAIRE, 2, 0.5))
target("review-draw-discarded")(_solitaire_review(Mode.DRAW_SOLITAIRE, 6, 0))


# --- grown figures (30 tiles and more): the board's camera ---------------------------------


@target("table-grown")
def _table_grown(app: App, record: Record) -> Shot:
    """Five seats playing greedily until a hand's figure has 30 tiles, the person to play."""
    players = [(SEAT_NAMES[0], "human")] + [(SEAT_NAMES[s], "ai:greedy") for s in range(1, 5)]
    scene = TableScene(app, table_config(players, 4))
    bot = make_player("greedy", random.Random(4))
    while len(scene.state.figure) < 30 or scene.state.current_player != 0:
        if scene.state.is_terminal():
            break
        if scene.state.hand_over:
            scene.match.next_hand()
        scene.match.play(bot.choose(scene.state))
    scene.turns.mouse_holder = 0
    scene.sync_scores()
    return Shot(scene)


@target("stacked-solitaire-grown")
def _stacked_grown(app: App, record: Record) -> Shot:
    """A deal whose figure outgrows the board at 1280x800, 31 tiles in."""
    scene = StackedSolitaireScene(app, seed=4)
    _play_best_tries(scene, 31)
    return Shot(scene)


@target("draw-solitaire-grown")
def _draw_grown(app: App, record: Record) -> Shot:
    """A draw solitaire played fairly to 30 tiles or its end."""
    scene = DrawSolitaireScene(app, seed=6)
    while len(scene.state.figure) < 30 and not scene.finished:
        scene.session.play(simple_fair_move(scene.draw_state))
    if scene.finished:
        scene.finish(scene.state.won)
    return Shot(scene)


@target("replay-grown")
def _replay_grown(app: App, record: Record) -> Shot:
    """A stacked solitaire's replay at its end: 33 tiles (deal 4, greedy)."""
    game = (
        GameRecord.parse(record)
        if record
        else simulate(Mode.STACKED_SOLITAIRE, 1, 4, ["greedy"], TableRules())
    )
    scene = ReplayScene(app, game)
    scene.replay.seek(0, len(scene.replay.steps[0]))
    return Shot(scene)


@target("replay-table-grown")
def _replay_table_grown(app: App, record: Record) -> Shot:
    """Five seats' second hand at its end: 31 tiles."""
    scene = ReplayScene(app, GameRecord.parse(record) if record else sample_record(Mode.TABLE, 5))
    scene.replay.seek(1, len(scene.replay.steps[1]))
    return Shot(scene)


from tools import (  # noqa: E402  (register their targets)
    screenshot_club,
    screenshot_club_games,
    screenshot_events,
    screenshot_net,
    screenshot_notices,
    screenshot_progress,
    screenshot_takebacks,
)

__all__ = [
    "TARGETS",
    "Record",
    "Shot",
    "screenshot_club",
    "screenshot_club_games",
    "screenshot_events",
    "screenshot_net",
    "screenshot_notices",
    "screenshot_progress",
    "screenshot_takebacks",
    "target",
]
