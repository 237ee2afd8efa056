"""The player's hands in a solitaire: picking a tile from a source (the stock, the
discard pile or a pile top) with a click or a drag, pointing at the lit spots, and
dropping the tile on one; the solitaire's keys. `SolitaireControls` keeps what is held
and pointed at, and plays the moves through the solitaire's context."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.play.events import Event, MovePlayed
from game.rules.lattice import Cell
from game.rules.moves import Move
from game.scenes.solitaire.assists import SolitaireAssists
from game.scenes.solitaire.bars import SolitaireCommands
from game.scenes.solitaire.sources import MOVING_LAYER, SOURCE_LAYER, SourceKey, TileSources
from game.scenes.solitaire.stage import SolitaireStage
from game.ui.board.board import Gesture
from game.ui.layout import Point
from game.ui.tiles.image import TileState
from game.ui.touch import VIEW_GESTURES
from game.ui.widgets.controls import Form

if TYPE_CHECKING:
    from game.scenes.solitaire.context import SolitaireContext


class SolitaireControls:
    """Selection, pointing and dropping for the solitaire player."""

    def __init__(
        self,
        context: SolitaireContext,
        stage: SolitaireStage,
        sources: TileSources,
        form: Form,
        autoplay: SolitaireAssists,
        commands: SolitaireCommands,
        *,
        press_source: Callable[[SourceKey, tuple[int, int]], None],
        extra_key: Callable[[int], bool],
    ) -> None:
        """`press_source` is a press on a source tile (`pick` picks it up; the stock may
        turn instead); `extra_key` is the solitaire's own keys (True when used)."""
        self.context = context
        self.stage, self.board, self.sources = stage, stage.board, sources
        self.form, self.autoplay, self.commands = form, autoplay, commands
        self.press_source, self.extra_key = press_source, extra_key
        self.selected: SourceKey | None = None
        self.hover_source: SourceKey | None = None
        self.hover_cell: Cell | None = None
        self.gesture: Gesture[SourceKey] = Gesture(stage.ui)

    def show(self, events: list[Event]) -> None:
        """A move played: the tile held has gone."""
        if any(isinstance(event, MovePlayed) for event in events):
            self.selected = None

    def game_over(self) -> bool:
        return self.context.session.finished

    def held(self) -> SourceKey | None:
        """The source being dragged, else the selected one."""
        press = self.gesture.press
        return press.key if press is not None and press.dragging else self.selected

    def lit_move_at(self, pos: Point, key: SourceKey | None = None) -> Move | None:
        """The legal move of the held tile (or `key`'s) onto the cell under `pos`."""
        key = key or self.held()
        cell = self.board.cell_at(pos)
        if key is None or cell is None:
            return None
        return next((m for m in self.sources.moves_from(key) if m.cell == cell), None)

    def may_pick(self, key: SourceKey) -> bool:
        """Whether the tile of `key` may be picked up now; if not, the player is told."""
        if self.sources.forced() and key != self.selected:
            self.context.services.notify(_("The turned stock tile must be placed first."))
            return False
        if not self.sources.pickable(key):
            self.context.services.notify(self.sources.unplaceable_words(key))
            return False
        return True

    def pick(self, key: SourceKey, pos: tuple[int, int]) -> None:
        """A press on a source tile: pick it up (click to select, or drag)."""
        if self.may_pick(key):
            self.gesture.down(key, pos, self.sources.sprites[key].centre)

    def select_by_key(self, key: SourceKey) -> None:
        """A key picked the tile of `key`: selected, with its first lit spot pointed at."""
        if self.may_pick(key) and key in self.sources.sprites:
            self.selected = key
            self.hover_cell = None
            self.step_spot(1)
            self.refresh_looks()

    def spot_cells(self) -> list[Cell]:
        """The held tile's lit spots, top row first, left to right."""
        key = self.held()
        if key is None:
            return []
        return sorted(
            {move.cell for move in self.sources.moves_from(key)},
            key=lambda cell: (cell[1], cell[0]),
        )

    def step_spot(self, step: int) -> None:
        """Point at the next (+1) or previous (-1) lit spot."""
        cells = self.spot_cells()
        if not cells:
            return
        index = (
            cells.index(self.hover_cell) if self.hover_cell in cells else -1 if (step > 0) else 0
        )
        self.hover_cell = cells[(index + step) % len(cells)]

    def place_pointed(self) -> bool:
        """Enter: place the held tile on the spot pointed at (with none pointed at yet,
        point at the first, its ghost shown, so that Enter again places it), or play the
        hint shown; False when Enter has nothing to do here."""
        key = self.held()
        if key is not None:
            move = next(
                (m for m in self.sources.moves_from(key) if m.cell == self.hover_cell), None
            )
            if move is None:
                if not self.spot_cells():
                    return False
                self.step_spot(1)
                return True
            self.context.play(move)
            return True
        hint = self.autoplay.hint_move
        if hint is None or self.game_over():
            return False
        self.autoplay.perform(hint)
        return True

    def hover(self, pos: Point) -> None:
        self.hover_cell = self.board.cell_at(pos)
        key = self.sources.at(pos) if self.gesture.press is None else None
        if key != self.hover_source:
            self.hover_source = key
            self.refresh_looks()

    def handle_board_mouse(self, event: pygame.Event) -> bool:
        """A click on a lit spot plays, on a source picks it up; else the board pans."""
        board = self.board
        if event.type == pygame.MOUSEMOTION:
            self.hover(event.pos)
            if board.panning:
                board.handle_view_event(event)
                board.moved_by_player = True
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            if board.panning:
                board.handle_view_event(event)
            return True
        if event.button != 1:
            return False
        if self.game_over() or self.context.searching:
            return board.handle_view_event(event)
        self.autoplay.stop()
        move = self.lit_move_at(event.pos)
        if move is not None:
            self.context.play(move)
            return True
        key = self.sources.at(event.pos)
        if key is not None:
            self.press_source(key, event.pos)
            return True
        if self.selected is not None and not self.sources.forced():
            self.selected = None
            self.refresh_looks()
        return board.handle_view_event(event)

    def handle_press(self, event: pygame.Event) -> bool:
        """While the button is down on a source: follow a drag, then drop or select."""
        press = self.gesture.press
        assert press is not None
        sprite = self.sources.sprites.get(press.key)
        if sprite is None:
            self.gesture.cancel()
            return False
        if event.type == pygame.MOUSEMOTION:
            if self.gesture.moved(event.pos):
                self.selected = press.key
                self.stage.tiles.change_layer(sprite, MOVING_LAYER)
                self.refresh_looks()
            if press.dragging:
                sprite.jump_to(self.gesture.held_at(event.pos))
                self.hover(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.gesture.up()
            if not press.dragging:
                self.selected = (
                    None
                    if self.selected == press.key and not (self.sources.forced())
                    else press.key
                )
                self.refresh_looks()
                return True
            move = self.lit_move_at(event.pos) or self.lit_move_at(event.pos, press.key)
            if move is not None:
                self.context.play(move)
            else:
                self.stage.tiles.change_layer(sprite, SOURCE_LAYER)
                self.stage.tweens.move(sprite, self.sources.home(press.key), 0.2)
                self.selected = press.key
            return True
        return False

    def refresh_looks(self) -> None:
        """Held, hinted, pointed-at and plain looks of the source tiles."""
        hint = self.autoplay.hint_move
        hinted = (hint.source, hint.pile) if hint else None
        for key, sprite in self.sources.sprites.items():
            if sprite.state is TileState.FACE_DOWN:
                continue
            if key in (self.selected, hinted):
                wanted = TileState.SELECTED
            elif key == self.hover_source and self.sources.pickable(key):
                wanted = TileState.HOVERED
            else:
                wanted = TileState.NORMAL
            if sprite.state is not wanted:
                sprite.set_look(state=wanted)

    def draw_spots(self, surface: pygame.Surface) -> None:
        """The held tile's lit spots, and its ghost on the one pointed at."""
        key = self.held()
        if key is None or self.game_over():
            return
        moves = {move.cell: move for move in self.sources.moves_from(key)}
        board = self.board
        board.marks.draw_spots(
            surface, [(cell, 0) for cell in moves], self.hover_cell, points=False
        )
        move = moves.get(self.hover_cell) if self.hover_cell is not None else None
        if move is not None:
            board.marks.draw_ghost(surface, move.tile, move.cell, move.rot, None)

    def handle_event(self, event: pygame.Event, keep_focus: object) -> bool:
        """Keys, presses, drags and the wheel; the form's widgets get the mouse first
        unless a tile is being dragged (a press off `keep_focus` ends typing there)."""
        form = self.form
        if event.type == pygame.KEYDOWN and self.handle_key(event):
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if self.gesture.press is not None and self.handle_press(event):
                return True
            if form.handle_event(event):
                if event.type == pygame.MOUSEBUTTONDOWN and form.focused is not keep_focus:
                    form.focus(None)
                return True
            return self.handle_board_mouse(event)
        if event.type in VIEW_GESTURES:
            return self.board.handle_view_event(event)
        if event.type == pygame.MOUSEWHEEL and event.y:
            pos = pygame.mouse.get_pos()
            area = self.board.area
            self._zoom(1 if event.y > 0 else -1, pos if area.collidepoint(pos) else area.center)
            return True
        return form.handle_event(event)

    def put_down(self) -> bool:
        """Escape: put down the tile held (unless it must be placed) and drop the hint;
        False when there was neither."""
        forced = self.sources.forced()
        if (self.selected is None or forced) and self.autoplay.hint_move is None:
            return False
        if not forced:
            self.selected = None
            self.hover_cell = None
        self.autoplay.forget_hint()
        self.refresh_looks()
        return True

    def _zoom(self, direction: int, anchor: Point) -> None:
        """Zoom in (+1) or out (-1) one step of the ladder, keeping `anchor` still."""
        self.board.moved_by_player = True
        self.board.zoom(direction, anchor)

    def handle_key(self, event: pygame.Event) -> bool:
        """The solitaire's keys: hint, undo and redo, auto-play and step, new deal,
        restart, fit, pan and zoom; then the solitaire's own (`extra_key`)."""
        key = event.key
        ctrl, shift = bool(event.mod & pygame.KMOD_CTRL), bool(event.mod & pygame.KMOD_SHIFT)
        free = self.form.focused is None
        centre = self.board.area.center
        source = self.sources.key_source(key) if free and not self.game_over() else None
        arrows = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1}
        if source is not None:
            self.autoplay.stop()
            self.select_by_key(source)
        elif key in arrows and free and self.held() is not None and self.spot_cells():
            self.step_spot(arrows[key])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and free and self.place_pointed():
            pass  # else Enter falls to the solitaire's own keys (draw: turn the stock)
        elif key == pygame.K_h:
            self.autoplay.show_hint()
        elif (key == pygame.K_z and ctrl and shift) or key == pygame.K_y:
            self.commands.redo()
        elif key in (pygame.K_z, pygame.K_u, pygame.K_BACKSPACE):
            self.commands.undo()
        elif key == pygame.K_a or (key == pygame.K_SPACE and free):
            self.autoplay.toggle()
        elif key == pygame.K_s:
            self.autoplay.step_once()
        elif key == pygame.K_v:
            self.commands.review()
        elif key == pygame.K_n:
            self.commands.new_deal()
        elif key == pygame.K_r:
            self.commands.restart()
        elif key == pygame.K_f:
            self.commands.refit()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) and free:
            self.board.moved_by_player = True
            self.board.handle_view_event(event)
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self._zoom(1, centre)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self._zoom(-1, centre)
        else:
            return self.extra_key(key)
        return True
