"""The illustrated rules: the rules in our own words, with figures of real tiles."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, ngettext
from game.rules.lattice import Cell, neighbour
from game.rules.tiles import TILE_VALUES, parse_tile
from game.scenes.base import Scene
from game.scenes.requests import Screen
from game.ui.board.board import LADDER, Board
from game.ui.painting import Ui, blit_lines, blit_text, draw_panel
from game.ui.text import blit_paragraphs, shrunk_text
from game.ui.theme import PALETTE
from game.ui.tiles.examples import THREE_SIDED, Placement, contact_pair, two_sided
from game.ui.tiles.image import TileState
from game.ui.tiles.sprites import TileLayer
from game.ui.widgets.controls import Button
from game.ui.words import capitalised, colour_word, names_words, points_words

if TYPE_CHECKING:
    from game.scenes.base import Services


@dataclass
class Page:
    """One page: a heading, paragraphs, a figure, and the contacts to mark on it."""

    heading: str
    paragraphs: list[str]
    figure: tuple[Placement, ...] = ()
    marked: tuple[Cell, ...] = ()
    caption: str = ""
    """Words under the figure; a newline parts two captions (one line where it fits)."""
    face_down: bool = False
    ghost: Cell | None = None


def _row(names: list[str]) -> tuple[Placement, ...]:
    return tuple((parse_tile(name), (2 * index, 0), 0) for index, name in enumerate(names))


def _pages(colours: Sequence[str]) -> list[Page]:
    """The pages in the player's language, naming colours as the theme `colours` does."""
    counting, matching = contact_pair(True), contact_pair(False)
    chain = two_sided()
    return [
        Page(
            _("The tiles"),
            [
                _(
                    "Contack is played with 36 triangular tiles. Each edge has a colour and a "
                    "value from 1 to 10; going round a tile the colours are always in the same "
                    "order, and its three values are all different."
                ),
                _(
                    "Tiles lie on a triangular grid, some pointing up and some down. A tile is "
                    "never flipped over, only turned."
                ),
            ],
            _row(["01-02-03", "05-06-03", "04-05-06", "09-10-04", "08-09-10"]),
            caption=_("Five of the 36 tiles"),
        ),
        Page(
            _("Contacts"),
            [
                _(
                    "A tile placed beside others touches each of them along a whole edge. Every "
                    "contact must join the same colour, and the two values must either be equal "
                    "(a matching contact, worth nothing) or add up to 5, 10, 15 or 20 (a counting "
                    "contact, worth its sum)."
                ),
                _("Any other contact is not allowed. A placement scores the sum of its contacts."),
            ],
            (*matching, *((t, (c[0] + 3, c[1]), r) for t, c, r in counting)),
            marked=((1, 0), (4, 0)),
            caption=f"{capitalised(_contact_caption(matching, colours))}\n"
            f"{capitalised(_contact_caption(counting, colours))}",
        ),
        Page(
            _("Where a tile may go"),
            [
                _(
                    "The first tile goes anywhere. After that a tile must touch the last tile "
                    "placed, or else touch two or three tiles at once: an opportunity play, "
                    "which may be made anywhere on the figure."
                ),
                _(
                    "Here the last tile is outlined, at the bottom. The gap on the left touches "
                    "two tiles, so the faded tile, which fits both sides, may go there."
                ),
                _(
                    "After an opportunity play the next tile must touch that tile, or be another "
                    "opportunity play. So says the 1939 book; the 1939 leaflet says only that it "
                    "must touch the opportunity tile. The game follows the book."
                ),
            ],
            chain,
            marked=(chain[-2][1],),
            ghost=chain[-1][1],
            caption=_opportunity_caption(chain),
        ),
        Page(
            _("The big opportunity"),
            [
                _(
                    "Fill a gap that touches three tiles and every edge counts. The rule books' "
                    "favourite: 08-09-10 into a three-sided gap scores {blue} 8 + 7, {red} 9 + 6 "
                    "and {gold} 10 + 10."
                ).format(
                    blue=colour_word(colours, 0),
                    red=colour_word(colours, 1),
                    gold=colour_word(colours, 2),
                ),
                _("That single play is worth 50 points."),
            ],
            THREE_SIDED,
            marked=((0, 0),),
            caption=_("15 + 15 + 20 = 50 points"),
        ),
        Page(
            _("The table game"),
            [
                _(
                    "Two to seven players each draw five tiles and keep them face up. The smallest "
                    "tile starts; then play passes to the left."
                ),
                _(
                    "You must place a tile when you can. If you cannot, draw one (up to five in "
                    "hand) and place it if it fits, or pass. The hand ends when someone places "
                    "their last tile, or when nobody can move."
                ),
                _(
                    "Counting contacts score; each tile left in your hand costs 10. Three hands "
                    "make a game. Options: partners, free draw, and Club Contack, played for chips."
                ),
            ],
            _row(["03-04-05", "07-08-05", "02-06-07", "06-02-05", "10-06-09"]),
        ),
        Page(
            _("The free draw"),
            [
                _(
                    "An option from the 1939 leaflet. A player who could place a tile may draw one "
                    "instead, if they hold fewer than five tiles and the stock is not empty."
                ),
                _(
                    "They then choose again: place a tile, or draw once more. At the table, press "
                    "Draw (D)."
                ),
            ],
            _row(["02-03-04", "05-06-07", "08-09-10"]),
            face_down=True,
            caption=_("Draw instead of placing, up to five tiles in hand"),
        ),
        Page(
            _("Club Contack: chips"),
            [
                _(
                    "From the Spanish edition. Everyone starts with the same number of chips (40 "
                    "unless you choose otherwise); a chip is worth 5 points."
                ),
                _(
                    "Each counting contact wins its value ÷ 5 chips from every other player: a 15 "
                    "wins 3 chips from each. Nothing else moves chips, so tiles left in hand cost "
                    "nothing."
                ),
                _(
                    "A player who must pay with no chips left borrows from the bank. The debt "
                    "shows beside their chips; the final standing is chips held minus chips owed, "
                    "and the most wins."
                ),
            ],
            counting,
            marked=(counting[1][1],),
            caption=_chips_caption(counting),
        ),
        Page(
            _("The timed club game"),
            [
                _(
                    "A club game may be played against the clock instead of for a number of hands: "
                    "10 to 60 minutes, chosen in the setup."
                ),
                _(
                    "Hands follow one another. When the time runs out, the hand in play is "
                    "finished and the game ends. The clock runs only while a hand is on, and "
                    "taking a move back gives its time back."
                ),
            ],
            _row(["01-02-03", "04-05-06"]),
            caption=_("The time left shows in the status bar"),
        ),
        Page(
            _("Club Contack by the Spanish book"),
            [
                _(
                    "The Spanish book allows three things the plain club game leaves out. Choose "
                    '"Club Contack, Spanish book" in the setup; the Spanish edition starts with it.'
                ),
                _(
                    "The box's chips are divided equally among the players: the setup says how "
                    "many the box holds, and any left over stay in the bank."
                ),
                _(
                    "A player who must pay with no chips left borrows from the player being paid, "
                    "and the chips owed to you count for you. Who lends never changes who wins."
                ),
            ],
            counting,
            marked=(counting[1][1],),
            caption=_("Chips held, less what you owe, plus what you are owed"),
        ),
        Page(
            _("The dead end"),
            [
                _(
                    "Rarely, the figure closes in on itself: the last tile has no empty side, and "
                    "no gap touches two tiles. Then no tile can ever be placed again."
                ),
                _(
                    "The hand (or the solitaire) ends at once, before anyone draws, and is scored "
                    "as any other end of a hand."
                ),
            ],
            THREE_SIDED,
            marked=((0, 0),),
            caption=_("The last tile is boxed in and no gap touches two tiles"),
        ),
        Page(
            _("Solitaires"),
            [
                _(
                    "Draw solitaire: turn the stock one tile at a time. A tile that fits must be "
                    "placed; one that doesn't goes onto the discard pile, whose top may be placed "
                    "later."
                ),
                _("Stacked solitaire: seven face-up piles; any top tile may be placed."),
                _("Win either by placing all 36 tiles."),
            ],
            _row(["01-02-03", "01-02-03", "01-02-03", "01-02-03"]),
            face_down=True,
        ),
    ]


def caption_lines(ui: Ui, caption: str, room: int) -> tuple[list[str], float]:
    """A figure's caption on one line where it fits (its parts, split by newlines, set
    apart), else each part on lines of its own, wrapped to `room` pixels."""
    parts = caption.split("\n")
    joined = "      ".join(parts)
    size = ui.common_size([joined], 18, room, "bold")
    if size >= 18 * 0.8 and ui.font(size, "bold").size(joined)[0] <= room:
        return [joined], size
    size = ui.common_size(parts, 18, room, "bold")
    return [line for part in parts for line in ui.wrap(part, size, room, "bold")], size


def _chips_caption(pair: tuple[Placement, Placement]) -> str:
    total = TILE_VALUES[pair[0][0]][1] + TILE_VALUES[pair[1][0]][1]
    chips = total // 5
    return ngettext(
        "A {total} wins {chips} chip from every other player",
        "A {total} wins {chips} chips from every other player",
        chips,
    ).format(total=total, chips=chips)


def _contact_caption(pair: tuple[Placement, Placement], colours: Sequence[str]) -> str:
    """The two tiles meet on edge colour 1 (red in most boxes, pink in 1962)."""
    a, b = TILE_VALUES[pair[0][0]][1], TILE_VALUES[pair[1][0]][1]
    colour = colour_word(colours, 1)
    if a == b:
        return _("{colour} {value} = {other}: matching, 0").format(colour=colour, value=a, other=b)
    return _("{colour} {value} + {other} = {sum}: counting, {sum}").format(
        colour=colour, value=a, other=b, sum=a + b
    )


def _opportunity_caption(chain: tuple[Placement, ...]) -> str:
    tile, cell, _rot = chain[-1]
    placed = {c: t for t, c, _r in chain[:-1]}
    sums = [
        (TILE_VALUES[tile][side], TILE_VALUES[other][side])
        for side in range(3)
        if (other := placed.get(neighbour(cell, side))) is not None
    ]
    parts = names_words([f"{a} + {b}" for a, b in sums])
    return _("Two-sided opportunity: {sums} = {points}").format(
        sums=parts, points=points_words(sum(a + b for a, b in sums))
    )


class RulesScene(Scene):
    """Pages of rules with Previous / Next (or the arrow keys)."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.pages = _pages(services.art.theme.edge_names)
        self.page = 0
        self.previous = self.form.add(Button(N_("Previous"), lambda: self.turn(-1)))
        self.next = self.form.add(Button(N_("Next"), lambda: self.turn(1), primary=True))
        self.back = self.form.add(Button(N_("Back"), services.pop))
        self.learn = self.form.add(
            Button(N_("Learn by playing"), lambda: services.open(Screen.GUIDED_GAME))
        )
        self.tiles = TileLayer()
        self.board = Board(services.ui, services.art, self.tiles, largest=LADDER[-1])
        self.text_panel = pygame.Rect(0, 0, 0, 0)
        self.figure_panel = pygame.Rect(0, 0, 0, 0)

    def enter(self) -> None:
        super().enter()
        self.form.focus(self.next)

    def turn(self, direction: int) -> None:
        self.page = max(0, min(len(self.pages) - 1, self.page + direction))
        self.resize(self.services.size)

    def handle_event(self, event: pygame.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.turn(1 if event.key == pygame.K_RIGHT else -1)
            return True
        return super().handle_event(event)

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        self.pages = _pages(self.services.art.theme.edge_names)  # the language may be new
        width, height = size
        margin, gap = ui.px(40), ui.px(28)
        top, bottom = ui.px(120), height - ui.px(100)
        text_w = round((width - 2 * margin - gap) * 0.46)
        self.text_panel = pygame.Rect(margin, top, text_w, bottom - top)
        self.figure_panel = pygame.Rect(
            self.text_panel.right + gap,
            top,
            width - margin - self.text_panel.right - gap,
            bottom - top,
        )
        button_w, button_h = ui.px(190), ui.px(50)
        for button in (self.previous, self.next, self.back, self.learn):
            button.rect = pygame.Rect(0, 0, button_w, button_h)
        self.back.rect.bottomleft = (margin, height - ui.px(28))
        self.learn.rect.bottomleft = (self.back.rect.right + ui.px(16), height - ui.px(28))
        self.next.rect.bottomright = (width - margin, height - ui.px(28))
        self.previous.rect.bottomright = (self.next.rect.x - ui.px(16), height - ui.px(28))
        self.previous.enabled = self.page > 0
        self.next.enabled = self.page < len(self.pages) - 1
        self._build_figure()

    def _build_figure(self) -> None:
        page = self.pages[self.page]
        self.tiles.empty()
        area = self.figure_panel.inflate(-self.services.ui.px(60), -self.services.ui.px(120))
        self.board.set_area(self.figure_panel)
        self.board.fit([cell for _t, cell, _r in page.figure], area, margin=0.2)

        def look(cell: Cell) -> TileState:
            if page.face_down:
                return TileState.FACE_DOWN
            if cell == page.ghost:
                return TileState.GHOST
            return TileState.LAST if cell in page.marked else TileState.NORMAL

        self.board.show([(cell, tile, rot) for tile, cell, rot in page.figure], None, look=look)

    def settings_changed(self) -> None:
        self.pages = _pages(self.services.art.theme.edge_names)
        self.tiles.refresh_all()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.services.ui
        page = self.pages[self.page]
        surface.blit(self.services.felt(), (0, 0))
        self.draw_title(surface, _("How to play"))
        draw_panel(surface, self.text_panel, ui)
        draw_panel(surface, self.figure_panel, ui, alpha=120)
        x, y = self.text_panel.x + ui.px(28), self.text_panel.y + ui.px(24)
        room = self.text_panel.width - ui.px(56)
        heading = blit_text(
            surface,
            shrunk_text(ui, page.heading, 30, room, PALETTE.gold, "title"),
            (x, y),
            "topleft",
        )
        y = heading.bottom + ui.px(16)
        blit_paragraphs(
            surface, ui, page.paragraphs, 19, PALETTE.text, (x, y), room, self.text_panel.bottom - y
        )
        self.tiles.draw_interpolated(surface, alpha)
        if page.caption:
            lines, size = caption_lines(ui, page.caption, self.figure_panel.width - ui.px(24))
            blit_lines(
                surface,
                [ui.text(line, size, PALETTE.text, "bold") for line in lines],
                (self.figure_panel.centerx, self.figure_panel.bottom - ui.px(26)),
                "midbottom",
            )
        # The page dots, centred between the button groups.
        dots_y = self.next.rect.centery
        middle = (self.learn.rect.right + self.previous.rect.left) / 2
        step = min(ui.px(22), (self.previous.rect.left - self.learn.rect.right) / len(self.pages))
        for index in range(len(self.pages)):
            colour = PALETTE.gold if index == self.page else PALETTE.panel_edge
            x = middle + (index - (len(self.pages) - 1) / 2) * step
            pygame.draw.circle(surface, colour, (x, dots_y), min(ui.px(6), step * 0.3))
        self.form.draw(surface, ui)
