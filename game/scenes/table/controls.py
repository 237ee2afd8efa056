"""The player's hands on the table: picking a tile (click, or drag with the shared
gesture), turning the first tile of a hand, dropping it on a lit spot or stepping
through the spots with the arrow keys, and the keys of the table's commands.

`TableControls` keeps what the player holds and points at, on the table's stage, and
the hand tiles' looks; it plays its moves through its context (`TablePlay`: the table's
session context, or the puzzle's table, which answers with them), its keys give the
`TableCommands`. The match says which spots are legal and why one is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from game.i18n import _
from game.rules.lattice import Cell
from game.rules.moves import DRAW, PLACE, Move
from game.rules.tiles import TileId
from game.ui.board.board import Gesture
from game.ui.layout import Point
from game.ui.tile_details import NoDetails, TileDetails
from game.ui.touch import LONG_PRESS, VIEW_GESTURES
from game.ui.words import refusal_words

if TYPE_CHECKING:
    from game.play.table_flow import TableFlow
    from game.scenes.base import Services
    from game.scenes.table.commands import TableCommands
    from game.scenes.table.stage import TableStage

ARROWS = {pygame.K_RIGHT: 1, pygame.K_DOWN: 1, pygame.K_LEFT: -1, pygame.K_UP: -1}


class TablePlay(Protocol):
    """What the table's controls play on: the services, the game's flow, and where the
    player's legal move goes."""

    @property
    def services(self) -> Services: ...

    @property
    def session(self) -> TableFlow: ...

    def play(self, move: Move) -> None: ...


class TableControls:
    """Selection, pointing, the hand tiles' looks and keys for the human to play."""

    def __init__(
        self,
        context: TablePlay,
        stage: TableStage,
        *,
        can_act: Callable[[], bool],
        hinted: Callable[[], TileId | None],
        commands: TableCommands | None,
    ) -> None:
        """`can_act` says whether the human to play may place now; `hinted` says which
        hand tile the hint places; `commands` are the table's hint, undo, redo, draw and
        save keys (None: a puzzle, which has none)."""
        self.context = context
        self.match = context.session
        self.stage = stage
        self.notify = context.services.notify
        self.can_act = can_act
        self.hinted = hinted
        self.commands = commands
        self.selected: TileId | None = None
        self.first_rot = 0
        """The turn of the first tile of a hand (its colours' places)."""
        self.hover_cell: Cell | None = None
        self.key_spot = -1
        """The lit spot chosen with the arrow keys (-1: none)."""
        self.gesture: Gesture[TileId] = Gesture(stage.ui)
        self.details: TileDetails | NoDetails = NoDetails()
        """The edges of the tile long-pressed, named until the next press."""

    # --- what the player holds -----------------------------------------------------------

    def active_tiles(self) -> list[TileId]:
        state = self.match.state
        return state.hand_tiles(state.current_player)

    def spots(self) -> dict[Cell, Move]:
        """Legal cells for the selected tile (first tile: in the chosen turn)."""
        if self.selected is None:
            return {}
        first = not self.match.state.figure
        return {
            m.cell: m
            for m in self.match.legal_moves()
            if m.action == PLACE
            and m.tile == self.selected
            and (not first or m.rot == self.first_rot)
        }

    def spot_cells(self) -> list[Cell]:
        return sorted(self.spots(), key=lambda c: (c[1], c[0]))

    def select(self, tile: TileId | None) -> None:
        self.selected = tile
        self.key_spot = -1
        self.refresh_looks()

    def refresh_looks(self) -> None:
        """Selected, hinted and plain looks of the hand tiles."""
        self.stage.hands.set_looks(self.selected, self.hinted(), self.unplayable_tiles())

    def unplayable_tiles(self) -> set[TileId]:
        """The tiles of the human to act that no lit spot takes now (shown darker)."""
        if not self.can_act():
            return set()
        playable = {move.tile for move in self.match.legal_moves() if move.action == PLACE}
        return set(self.active_tiles()) - playable

    def drop(self) -> None:
        """Nothing held any more (a move was played or taken back)."""
        self.selected = None
        self.key_spot = -1
        self.gesture.cancel()

    def point_at(self, move: Move) -> None:
        """Hold the tile of `move` with its spot chosen (a hint)."""
        self.select(move.tile)
        spots = self.spot_cells()
        self.key_spot = spots.index(move.cell) if move.cell in spots else -1
        if not self.match.state.figure:
            self.first_rot = move.rot

    def take_hint(self, move: Move) -> None:
        """Show the hinted move: its tile held and its spot chosen, or say to draw."""
        if move.action == PLACE:
            self.point_at(move)
        elif move.action == DRAW:
            self.notify(_("Hint: draw a tile."))
        self.refresh_looks()

    def rotate_first(self, step: int = 1) -> None:
        if not self.match.state.figure:
            self.first_rot = (self.first_rot + step) % 3

    def hand_tile_at(self, pos: Point) -> TileId | None:
        return self.stage.hands.tile_at(self.active_tiles(), pos) if self.can_act() else None

    def try_place(self, cell: Cell) -> bool:
        """Place the selected tile on `cell`; if it may not go there, say why in words."""
        tile, state = self.selected, self.match.state
        if tile is None:
            return False
        move = self.spots().get(cell)
        if move is not None:
            self.context.play(move)
            return True
        rot = state.figure.forced_rotation(cell)
        if rot is None:
            rot = self.first_rot if not state.figure else 0
        refusal = state.refusal(Move(PLACE, tile, cell, rot))
        words = (
            refusal_words(refusal, self.stage.art.theme.edge_names)
            if refusal is not None
            else _("Turn the first tile with the wheel or a right-click.")
        )
        self.notify(words)
        seat = state.current_player
        self.stage.hands.refuse(state.hand_tiles(seat), seat, tile, self.stage.board, cell, rot)
        return False

    # --- drawing (changes nothing) ---------------------------------------------------------

    def draw_spots(self, surface: pygame.Surface) -> None:
        """The held tile's lit spots with their points; the pointed one brighter."""
        match = self.match
        spots = sorted(self.spots().items(), key=lambda kv: (kv[0][1], kv[0][0]))
        keyed = spots[self.key_spot][0] if 0 <= self.key_spot < len(spots) else None
        highlighted = self.hover_cell if self.hover_cell in self.spots() else keyed
        self.stage.board.marks.draw_spots(
            surface,
            [(cell, match.state.placement_score(move)) for cell, move in spots],
            highlighted,
            points=match.spot_points,
        )

    def written_cells(self) -> set[Cell]:
        """The cells whose middle the held tile's marks write on: its lit spots (their
        points) and the cell the ghost's points go over."""
        cells = set(self.spots())
        if self.hover_cell in cells and self.match.spot_points:
            board = self.stage.board
            cells.add(board.view.cell_at(board.marks.ghost_label_at(self.hover_cell)))
        return cells

    def draw_ghost(self, surface: pygame.Surface) -> None:
        """The held tile as a ghost on the pointed spot, in its turn, with its points."""
        if self.selected is None or self.hover_cell is None:
            return
        move = self.spots().get(self.hover_cell)
        if move is not None:
            points = self.match.state.placement_score(move) if self.match.spot_points else None
            self.stage.board.marks.draw_ghost(surface, move.tile, move.cell, move.rot, points)

    # --- pointer ---------------------------------------------------------------------------

    def handle_pointer(self, event: pygame.Event) -> bool:
        if event.type == LONG_PRESS:
            return self.show_details(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.details = NoDetails()
        if event.type in VIEW_GESTURES:
            return self.stage.board.handle_view_event(event)
        if event.type == pygame.MOUSEWHEEL:
            if not self.match.state.figure and self.selected is not None:
                self.rotate_first(1 if event.y > 0 else -1)
            else:
                self.stage.board.zoom(1 if event.y > 0 else -1, pygame.mouse.get_pos())
            return True
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event)
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._press(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event)
        return False

    def tile_under(self, pos: Point) -> TileId | None:
        """The tile under `pos`: in a hand, or placed on the figure."""
        tile = self.stage.hands.tile_at(list(self.stage.hands.sprites), pos)
        cell = self.stage.board.cell_at(pos)
        if tile is None and cell is not None and (placed := self.match.state.figure.tile_at(cell)):
            tile = placed[0]
        return tile

    def show_details(self, pos: Point) -> bool:
        """A long press: name the edges of the tile under `pos` instead of picking it up;
        False when no tile lies there."""
        tile = self.tile_under(pos)
        if tile is None:
            return False
        self.gesture.cancel()
        at = (round(pos[0]), round(pos[1]))
        self.details = TileDetails(tile, at, self.stage.art.theme.edge_names)
        return True

    def _press(self, event: pygame.Event) -> bool:
        if event.button == 3:
            self.rotate_first()
            return True
        if event.button != 1:
            return False
        board = self.stage.board
        tile = self.hand_tile_at(event.pos)
        if tile is not None:
            self.gesture.down(tile, event.pos, self.stage.hands.sprites[tile].centre)
            return True
        cell = board.cell_at(event.pos)
        if self.selected is not None and self.can_act() and cell is not None:
            figure = self.match.state.figure
            if not figure or cell in self.spots() or cell in figure.open_cells():
                self.try_place(cell)
                return True
        return board.handle_view_event(event)

    def _motion(self, event: pygame.Event) -> bool:
        pos = event.pos
        self.hover_cell = self.stage.board.cell_at(pos)
        press = self.gesture.press
        if press is None:
            return self.stage.board.handle_view_event(event)
        if self.gesture.moved(pos):
            self.select(press.key)
            self.stage.hands.lift(press.key)
        if self.gesture.dragging:
            self.stage.hands.sprites[press.key].jump_to(self.gesture.held_at(pos))
        return True

    def _release(self, event: pygame.Event) -> bool:
        press = self.gesture.up()
        if press is None:
            return self.stage.board.handle_view_event(event)
        if not press.dragging:
            self.select(None if self.selected == press.key else press.key)
            return True
        cell = self.stage.board.cell_at(event.pos)
        if cell is not None:
            self.try_place(cell)
        else:
            state = self.match.state
            seat = state.current_player
            self.stage.hands.send_home(state.hand_tiles(seat), seat, press.key)
        return True

    # --- keys ------------------------------------------------------------------------------

    @staticmethod
    def command_keys(given: TableCommands) -> dict[int, Callable[[], None]]:
        """The keys of the table's commands."""
        return {
            pygame.K_h: given.hint,
            pygame.K_s: given.save,
            pygame.K_u: given.undo,
            pygame.K_y: given.redo,
            pygame.K_d: given.draw,
        }

    def handle_key(self, event: pygame.Event) -> bool:
        board, given, key = self.stage.board, self.commands, event.key

        def zoom(steps: int) -> Callable[[], None]:
            return lambda: board.zoom(steps, pygame.mouse.get_pos())

        commands = {} if given is None else self.command_keys(given)
        commands |= {
            pygame.K_r: self.rotate_first,
            pygame.K_f: self.stage.refit,
            pygame.K_PLUS: zoom(1),
            pygame.K_EQUALS: zoom(1),
            pygame.K_KP_PLUS: zoom(1),
            pygame.K_MINUS: zoom(-1),
            pygame.K_KP_MINUS: zoom(-1),
        }
        if key == pygame.K_z and event.mod & pygame.KMOD_CTRL and given is not None:
            if event.mod & pygame.KMOD_SHIFT:
                given.redo()
            else:
                given.undo()
            return True
        if key in commands:
            commands[key]()
            return True
        if key == pygame.K_TAB and self.can_act():  # through the tiles that fit somewhere
            muted = self.unplayable_tiles()
            tiles = [tile for tile in self.active_tiles() if tile not in muted]
            if tiles:
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
                index = tiles.index(self.selected) + step if self.selected in tiles else 0
                self.select(tiles[index % len(tiles)])
            return True
        if key in ARROWS and self.selected is not None:
            cells = self.spot_cells()
            if cells:
                self.key_spot = (self.key_spot + ARROWS[key]) % len(cells)
                self.hover_cell = cells[self.key_spot]
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None:
            cells = self.spot_cells()
            if cells and self.can_act():
                self.try_place(cells[max(self.key_spot, 0)])
            return True
        return board.handle_view_event(event)
