"""The table game scene: couch play for 2 to 7 seats passing the mouse, computers included.

The scene turns the players' input into moves and commands and animates the events that
come back; its `TableFlow` (game.play) runs the turns, computers, undo, clock and
autosave point, and the rules engine decides. It is a session screen
(game/scenes/session_screen.py): the parts play moves through its `SessionContext`,
whose events come back to the screen (each `MovePlayed`'s `MoveResult` drives the
scoring animation) and to the turns (a `GameEnded` goes to the history); the record is
saved in the frame after each move, so Continue resumes exactly. Computers think through the app's
adviser (a worker process) while the window keeps drawing.

The scene's parts, each given only what it works with: `TableStage` (the picture),
`TableControls` (what the player holds and points at, and the keys), `TableCommands`
(what the buttons and keys do), `TableTurns` (the pace and who has the mouse),
`TableMoves` (how a move looks), `TableNarration` (the spoken board), `TableHelp`
(hint, undo and redo, the coach's tips) and the hand-off panel. Panels over the figure
(the lesson's, the online table's invitation and chat) are `TablePanel` parts composed
into the screen. What makes one table differ from another (its buttons, its status words
beyond the flow's, Back and a hand's end, its panels) is its `TableRole`, composed into
the one screen: the couch's by default, a network table's (online/remote.py: `OnlineTable`,
`online_table_scene`) or the lesson's (guided.py: `LessonTable`, `lesson_scene`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, overload

import pygame

from game.i18n import N_
from game.play.couch import open_couch_table
from game.play.events import Event, MovePlayed, Redone, Resynced, TookBack
from game.play.table_flow import TableFlow
from game.play.table_setup import TableConfig
from game.rules.moves import Move
from game.rules.record.document import GameRecord
from game.rules.table import TableState
from game.scenes.base import Scene
from game.scenes.requests import ScoreRequest
from game.scenes.session_screen import Autosave, SessionContext
from game.scenes.table.commands import TableCommands
from game.scenes.table.controls import TableControls
from game.scenes.table.handoff import HandoffPanel
from game.scenes.table.help import TableHelp
from game.scenes.table.moves import TableMoves
from game.scenes.table.narration import TableNarration
from game.scenes.table.panels import (
    change_words,
    end_words,
    lay_out_buttons,
    move_words,
    status_still_for,
    status_words,
)
from game.scenes.table.stage import TableStage
from game.scenes.table.turns import TableTurns
from game.ui.board.table_layout import TableLayout
from game.ui.text import Said
from game.ui.touch import LONG_PRESS, VIEW_GESTURES
from game.ui.widgets.controls import Button

if TYPE_CHECKING:
    from game.scenes.base import Services


class TablePanel(Protocol):
    """A panel composed into the table screen over its figure: laid out with the screen,
    updated after it, drawn over it (in the order of `TableScene.panels`) and given each
    event before it (the panel drawn last first)."""

    def lay_out(self, figure: pygame.Rect) -> None: ...

    def update(self) -> None: ...

    def handle_event(self, event: pygame.Event) -> bool: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class TableRole:
    """What makes a table screen this table beyond the flow's game: its buttons and when
    each is shown, its status words, what happens on entering and leaving, on Back and at
    a hand's end, and its panels over the figure. This is the couch's table; a network
    table's and the lesson's extend it. A role is also the last panel over the figure
    (`TablePanel`): updated after the screen's other parts, drawn over them and given
    each event first."""

    def __init__(self, table: TableScene[TableRole]) -> None:
        self.table = table

    def buttons(self) -> dict[str, Button]:
        """The buttons under the table, by name."""
        commands = self.table.commands
        return {
            "hint": Button(N_("Hint (H)"), commands.hint),
            "undo": Button(N_("Undo (U)"), commands.undo),
            "redo": Button(N_("Redo (Y)"), commands.redo),
            "draw": Button(N_("Draw (D)"), commands.draw),
            "save": Button(N_("Save (S)"), commands.save),
            "menu": Button(N_("Menu"), self.table.on_back),
        }

    def shown(self, name: str) -> bool:
        """Whether the button `name` is shown now (Draw: with the free-draw option)."""
        return name != "draw" or self.table.match.rules.free_draw

    def update_buttons(self) -> None:
        """Each button enabled when what it does can be done now."""
        for name, enabled in self.table.commands.enabled().items():
            self.table.buttons[name].enabled = enabled

    def panels(self) -> list[TablePanel]:
        """The panels over the figure under this role's own, in the order they are drawn."""
        return []

    def status_text(self) -> Said:
        """The status bar's words (see `TableScene.flow_status`)."""
        return self.table.flow_status()

    def status_still_for(self) -> float:
        """Seconds until the status bar's words change by themselves."""
        return status_still_for(self.table.match, self.table.clock)

    def enter(self) -> None:
        """The screen is entered."""

    def exit(self) -> None:
        """The screen is left."""

    def on_back(self) -> None:
        """Escape, Menu: drop a held tile and the hint, else go back to the menu (the game
        is saved)."""
        table = self.table
        if table.controls.selected is not None or table.help.hint is not None:
            table.controls.select(None)
            table.help.show(None)
            table.controls.refresh_looks()
            return
        table.services.clear_to_root()

    def hand_over(self) -> None:
        """The hand is over: the score screen, where the next hand is dealt."""
        self.table.open_score()

    def lay_out(self, figure: pygame.Rect) -> None:
        """Nothing of the couch's own lies over the figure."""

    def update(self) -> None:
        """Nothing of the couch's own changes after the screen's frame."""

    def handle_event(self, event: pygame.Event) -> bool:
        """The couch's keys are the screen's own."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Nothing of the couch's own is drawn over the screen."""


Role = TypeVar("Role", bound=TableRole, covariant=True)  # untranslated: a type's name
"""The kind of role a table screen was made with (its parts typed as that role's)."""


class TableScene(Scene, Generic[Role]):
    """Play at the table. `config` is {"rules": {...}, "players": [...]} (+"seed");
    `match`, when given, is a match made elsewhere (the guided game's, a network
    table's); `role` makes the table's role (the couch's by default, see `TableRole`),
    which the screen is typed by: `scene.role` is a `TableScene[OnlineTable]`'s
    `OnlineTable`, with its chat and invitation."""

    @overload
    def __init__(
        self: TableScene[TableRole],
        services: Services,
        config: TableConfig,
        record: GameRecord | None = None,
        match: TableFlow | None = None,
    ) -> None: ...

    @overload
    def __init__(
        self,
        services: Services,
        config: TableConfig,
        record: GameRecord | None = None,
        match: TableFlow | None = None,
        *,
        role: Callable[[TableScene[Role]], Role],
    ) -> None: ...

    def __init__(
        self,
        services: Services,
        config: TableConfig,
        record: GameRecord | None = None,
        match: TableFlow | None = None,
        *,
        role: Callable[[TableScene[Any]], Any] = TableRole,
    ) -> None:
        super().__init__(services)
        if match is None:
            self.match, self.failure = open_couch_table(config, record, services.adviser)
        else:
            self.match, self.failure = match, None
        autosave = Autosave(services, self.match.keeps_record)
        self.context = context = SessionContext(services, self.match, autosave)
        self.stage = TableStage(
            services.ui,
            services.art,
            self.match,
            services.size,
            services.settings.animation_speed,
            lambda pos: self.controls.hand_tile_at(pos) is None,
        )
        stage = self.stage
        self.board, self.hands, self.tweens = stage.board, stage.hands, stage.tweens
        self.animator = stage.animator
        self.clock = 0.0
        self.help = TableHelp(self.match)
        self.last_words = ""
        """What the last move did, said in the status bar while it stays in view."""
        self.moves = TableMoves(stage, self.match, services.sound)
        self.turns = TableTurns(context, stage, self.moves, show_score=self.show_score)
        self.commands = TableCommands(context, self.turns, self.tweens, can_act=self.human_can_act)
        self.controls = TableControls(
            context,
            stage,
            can_act=self.human_can_act,
            hinted=self.help.hinted_tile,
            commands=self.commands,
        )
        self.narration = TableNarration(context, self.controls, self.turns.tray_seat)
        context.parts = [self, self.turns]
        self.handoff = HandoffPanel(self.turns.hand_over_mouse, self.commands.undo)
        self.role: Role = role(self)
        self.panels: list[TablePanel] = [*self.role.panels(), self.role]
        """The panels over the figure, in the order they are drawn (the role's last)."""
        self.buttons: dict[str, Button] = self.role.buttons()
        for button in self.buttons.values():
            self.form.add(button)

    # --- the game -----------------------------------------------------------------------

    @property
    def state(self) -> TableState:
        return self.match.state

    @property
    def layout(self) -> TableLayout:
        return self.stage.layout

    def legal_moves(self) -> list[Move]:
        return self.match.legal_moves()

    def sync_scores(self) -> None:
        """Show every score as it stands, with no counting."""
        self.stage.sync_scores()

    def human_can_act(self) -> bool:
        """True when the seat to play is a human who may place now."""
        return self.turns.human_can_act()

    # --- scene life ---------------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        if self.failure:
            self.services.notify(self.failure)
            self.services.pop()
            return
        self.help.set_tips(self.services.settings.coach_tips)
        self.context.autosave.save(self.match)
        self.role.enter()

    def exit(self) -> None:
        self.save_if_due(at_once=True)
        self.match.close()
        self.role.exit()

    def pause(self) -> None:
        super().pause()
        self.save_if_due(at_once=True)

    def save_if_due(self, at_once: bool = False) -> None:
        """The autosave a move asked for (see `Autosave.save_if_due`), then the tile art
        the next moves may show."""
        if self.context.save_if_due(at_once):
            self.moves.prepare_art()

    def resize(self, size: tuple[int, int]) -> None:
        self.stage.lay_out(size)
        for name, button in self.buttons.items():
            button.visible = self.role.shown(name)
        lay_out_buttons(
            [b for b in self.buttons.values() if b.visible], self.layout.buttons, self.services.ui
        )
        for panel in self.panels:  # the lesson's narrows the board
            panel.lay_out(self.layout.figure)
        self.stage.fit_view()
        self._rebuild_sprites()
        self._lay_out_handoff()

    def _lay_out_handoff(self) -> None:
        """The hand-off panel over the tray with its log, while it shows: after each
        update (a move joins the log) and on resize (a new text size spaces the lines
        anew, before any frame is drawn)."""
        if (banner := self.turns.banner_seat) is not None:
            self.handoff.show(
                self.stage.handoff_area(), self.services.ui, self.turns.news_for(banner)
            )

    def settings_changed(self) -> None:
        self.help.set_tips(self.services.settings.coach_tips)
        self.stage.set_speed(self.services.settings.animation_speed)
        self.stage.set_look()

    def on_back(self) -> None:
        """Escape: what the role does on Back (see `TableRole.on_back`)."""
        self.role.on_back()

    def _rebuild_sprites(self) -> None:
        """Make every sprite again from the state (after a re-layout, resume or undo)."""
        self.stage.rebuild(self.turns.tray_seat())
        self.controls.refresh_looks()

    def _arrange_hands(self) -> None:
        """Slide every hand tile to its slot (hands close up after a tile leaves)."""
        self.stage.arrange_hands(self.controls.selected if self.controls.gesture.dragging else None)
        self.controls.refresh_looks()

    # --- playing moves ------------------------------------------------------------------

    def play(self, move: Move) -> None:
        """Play a human's `move` for the seat to act (it is legal: it came from a lit spot,
        the forced move or the free draw)."""
        self.context.play(move)

    def show(self, events: list[Event]) -> None:
        """The screen's own part of showing what the match says happened: a position
        taken whole (a network table's new view) as it stands, then each move, undo and
        redo."""
        if any(isinstance(event, Resynced) for event in events):
            self.controls.drop()
            self._rebuild_sprites()
            self.sync_scores()
        for event in events:
            if isinstance(event, MovePlayed):
                self._show_move(event)
            elif isinstance(event, TookBack | Redone):
                self._turn_changed(event.seat, change_words(self.match, event))

    def _show_move(self, event: MovePlayed) -> None:
        self.help.show(None)
        self.controls.drop()
        self.last_words = move_words(self.match.names[event.seat], event.result)
        self.turns.moved(event, self.last_words)
        self.narration.moved(event)
        self.moves.show(event.result, forced=event.forced)
        self._arrange_hands()
        if event.result.hand_ended:
            self.services.notify(end_words(self.match))
            self.narration.say(end_words(self.match))

    # --- turns --------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.save_if_due()
        self._advance(dt)
        for panel in self.panels:
            panel.update()
        if any(b.visible != self.role.shown(name) for name, b in self.buttons.items()):
            self.resize(self.services.size)  # the buttons shown changed (a network's news)

    def _advance(self, dt: float) -> None:
        self.clock += dt
        self.stage.update(dt)
        self.moves.update(dt)
        self.match.advance_clock(dt)
        if self.match.advice.hint_pending and (hint := self.help.found()) is not None:
            self.controls.take_hint(hint)
        for tip in self.help.tips():
            self.services.notify(tip)
        played = self.turns.step(dt)
        if played:
            self.context.show(played)
        self._lay_out_handoff()
        if self.hands.tray_seat != self.turns.tray_seat():  # the mouse changed hands
            self.hands.tray_seat = self.turns.tray_seat()
            self._arrange_hands()
        self.controls.refresh_looks()
        self.narration.follow(self.human_can_act())

    def still_for(self) -> float:
        if self.help.hint is not None:
            return 0.0
        return min(self.turns.still_for(), self.role.status_still_for())

    def show_score(self) -> None:
        """The hand is over: what the role does then (see `TableRole.hand_over`)."""
        self.role.hand_over()

    def open_score(self) -> None:
        """The score screen, where the next hand is dealt."""
        words = end_words(self.match)
        self.services.open(ScoreRequest(self.match, words, on_next_hand=self.next_hand))

    def next_hand(self) -> None:
        """Deal the next hand (from the score screen)."""
        self.match.next_hand()
        self.turns.new_hand()
        self.narration.turn_changed()
        self.animator.clear()
        self.stage.fit_view()
        self._rebuild_sprites()
        self.sync_scores()
        self.context.autosave.save(self.match)

    def _turn_changed(self, seat: int, words: str) -> None:
        """After an undo or redo: the position is shown as it now stands, no animation."""
        self.help.show(None)
        self.controls.drop()
        self.turns.took_back(seat)
        self._rebuild_sprites()
        self.stage.follow_figure()
        self.sync_scores()
        self.services.notify(words)
        self.narration.turn_changed()
        self.narration.say(words)
        self.context.autosave.save(self.match)

    # --- events -------------------------------------------------------------------------

    def handle_event(self, event: pygame.Event) -> bool:
        if any(panel.handle_event(event) for panel in reversed(self.panels)):
            return True
        if self.turns.banner_seat is not None:
            return self.handoff.handle_event(event)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if not self.controls.gesture.dragging and self.form.handle_event(event):
                return True
            return self.controls.handle_pointer(event)
        if event.type in (pygame.MOUSEWHEEL, LONG_PRESS) or event.type in VIEW_GESTURES:
            return self.controls.handle_pointer(event)
        if event.type == pygame.KEYDOWN:
            return self.narration.handle_key(event) or self.controls.handle_key(event)
        return False

    def before_draw(self) -> None:
        self.update_buttons()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        stage, turns, ui = self.stage, self.turns, self.services.ui
        banner = turns.banner_seat
        written = self.controls.written_cells() | self.help.spots()
        stage.draw_ground(surface, self.services.felt, written)
        self.controls.draw_spots(surface)
        # the hand-off covers the tray, and names whose it will be
        stage.draw_panels(surface, self.status_text(), self.moves.saying, tray_label=banner is None)
        stage.draw_tiles(
            surface, alpha, turns.placed_since, banner if banner is not None else turns.tray_seat()
        )
        self.controls.draw_ghost(surface)
        stage.draw_effects(surface, alpha, self.help.hint, self.help.hint_points, self.clock)
        self.form.draw(surface, ui)
        self.controls.details.draw(surface, ui)
        if banner is not None:
            names, undoer = self.match.names, self.commands.undoer()
            self.handoff.draw(surface, ui, names[banner], None if undoer is None else names[undoer])
        for panel in self.panels:
            panel.draw(surface)

    def keep_clear(self) -> list[pygame.Rect]:
        """Notices stay off the tray: the player's own tiles."""
        return [self.layout.tray.rect] if self.layout.tray is not None else []

    def status_text(self) -> Said:
        """The status bar's words, as the role says them (see `TableRole.status_text`)."""
        return self.role.status_text()

    def flow_status(self) -> Said:
        """The flow's words: the move just made while it shows, else what now."""
        if self.turns.showing_move:
            return (self.last_words,)
        controls = self.controls
        return status_words(
            self.match,
            self.clock,
            self.turns.forced_shown,
            controls.selected is not None,
            bool(controls.spots()),
        )

    def update_buttons(self) -> None:
        """Each button enabled as the role says (see `TableRole.update_buttons`)."""
        self.role.update_buttons()
