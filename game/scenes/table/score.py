"""The score screen after each hand and at the end of a table game.

A table of every seat and hand (club: chips won or lost per hand, chips held and
owed), the last hand's counting points and tile penalties, totals, team totals with
partners, the leader or the winners (ties share), and the deal number with its share
code (C or a click copies it). Between hands: Next hand (Enter) and Menu. At the end:
Rematch, Play this deal again, Watch replay, Save record and Menu; Enter starts nothing
there, so that the winner is seen and a new game is a deliberate click. Only a key
pressed while the screen is shown counts, once its first moments are over: one pressed
before (queued as the hand ended, read after the steps that opened it) was meant for the
table.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import pygame

from game.i18n import N_, _, format_number
from game.play.table_flow import TableFlow
from game.play.table_setup import rematch_config, share_code
from game.scenes.base import Scene
from game.scenes.requests import CoachRequest, SaveRecordRequest, TableRequest
from game.scenes.table.score_sheet import headline, remaining_words, score_columns, score_rows
from game.ui.painting import blit_text, draw_panel
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE, Colour
from game.ui.widgets.controls import Button
from game.ui.widgets.rows import lay_out_row
from game.ui.widgets.text_field import put_clipboard_text

if TYPE_CHECKING:
    from game.scenes.base import Services


KEYS_ARMED_S: Final = 0.6
"""How long the screen ignores keys once it is shown."""


class ScoreScene(Scene):
    """The scores of a `TableFlow` so far. `end_words` say how the hand ended;
    `on_next_hand` (the table's) deals the next hand and lays the table out for it."""

    def __init__(
        self,
        services: Services,
        match: TableFlow,
        end_words: str,
        on_next_hand: Callable[[], None],
    ) -> None:
        super().__init__(services)
        self.match = match
        self.end_words = end_words
        self.on_next_hand = on_next_hand
        state = match.state
        self.final = state.is_terminal()
        self._drawn_before = services.drawn
        """Frames drawn before it (it is made as it is opened, before its first frame)."""
        self.age = 0.0
        """Game time since it was shown."""
        if self.final:
            self.main = self.form.add(Button(N_("Rematch"), self.rematch, primary=True))
            self.main.visible = not match.news.networked  # a network table's host opens the next
            self.buttons = [self.main] if self.main.visible else []
            if match.deal is not None:
                self.buttons.append(
                    self.form.add(Button(N_("Play this deal again"), self.same_deal_again))
                )
            self.buttons += [
                self.form.add(Button(N_("Coach"), self.coach)),
                self.form.add(Button(N_("Watch replay"), self.watch_replay)),
                self.form.add(Button(N_("Save record"), self.save_record)),
            ]
        else:
            self.main = self.form.add(Button(N_("Next hand"), self.next_hand, primary=True))
            self.buttons = [self.main, self.form.add(Button(N_("Coach this hand"), self.coach))]
        self.menu = self.form.add(Button(N_("Menu"), self.to_menu))
        self.buttons.append(self.menu)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.code_rect = pygame.Rect(0, 0, 0, 0)
        """Where the share code is written (a click copies it)."""

    def enter(self) -> None:
        super().enter()
        self.form.focus(None if self.final else self.main)

    @property
    def shown(self) -> bool:
        """Whether a frame of it has been drawn: a key read before was pressed before. The
        window's count says so, not its painting (a frame need not be painted to count:
        the screenshots' and the tests' unseen frames)."""
        return self.services.drawn > self._drawn_before

    def still_for(self) -> float:
        """Its age only arms the keys: nothing on it moves."""
        return math.inf

    def update(self, dt: float) -> None:
        if self.shown:
            self.age += dt

    def handle_event(self, event: pygame.Event) -> bool:
        if event.type == pygame.KEYDOWN and not (self.shown and self.age >= KEYS_ARMED_S):
            return True
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_c) or (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.code_rect.collidepoint(event.pos)
        ):
            self.copy_code()
            return True
        return super().handle_event(event)

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        width = min(size[0] - ui.px(60), ui.px(980))
        # below the title, its subtitle and the sheet's label (a small window's words
        # are not as small as the rest)
        words_h = ui.font(46, "title").get_height() + ui.font(19).get_height()
        top = max(ui.px(138), ui.px(34 + 6 + 6 + 4) + words_h + ui.font(15, "bold").get_height())
        self.panel = pygame.Rect(0, top, width, size[1] - ui.px(92) - top)
        self.panel.centerx = size[0] // 2
        self.code_rect = pygame.Rect(
            self.panel.x, self.panel.bottom - ui.px(96), self.panel.width, ui.px(24)
        )
        row = pygame.Rect(0, size[1] - ui.px(22 + 52), width, ui.px(52))
        row.centerx = size[0] // 2
        lay_out_row(self.buttons, row, ui.px(220), ui.px(16), ui)

    def on_back(self) -> None:
        self.to_menu()

    def next_hand(self) -> None:
        self.services.pop()
        self.on_next_hand()

    def rematch(self) -> None:
        """A new game with the same seats and options, in place of the finished one."""
        self.services.pop()
        self.services.switch_to(TableRequest(config=rematch_config(self.match.record)))

    def same_deal_again(self) -> None:
        """The same deal, seats and options again: a new game dealt as this one was."""
        self.services.pop()
        self.services.switch_to(
            TableRequest(config=rematch_config(self.match.record, same_deal=True))
        )

    def copy_code(self) -> None:
        """Put the share code on the clipboard, to paste to a friend."""
        code = share_code(self.match.record)
        if code is not None and put_clipboard_text(code):
            self.services.notify(
                _("Copied {code}: a friend types it in New table game.").format(code=code)
            )

    def to_menu(self) -> None:
        self.services.clear_to_root()

    def watch_replay(self) -> None:
        """The finished game from its first move, in the replay viewer (Back returns)."""
        self.services.open_record(self.match.record, _("This game"))

    def save_record(self) -> None:
        self.services.open(SaveRecordRequest(record=self.match.record))

    def coach(self) -> None:
        """The coach's review of the game (between hands: of the hand just played)."""
        record = self.match.record.copy()
        hands = None if self.final else (len(record.hands) - 1,)
        self.services.open(CoachRequest(record=record, title=_("This game"), hands=hands))

    # --- words ----------------------------------------------------------------------------

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self.services.felt(), (0, 0))
        ui = self.services.ui
        state = self.match.state
        title = (
            _("Final scores")
            if self.final
            else _("After hand {number}").format(number=len(state.sheet.results))
        )
        self.draw_title(surface, title, self.end_words)
        draw_panel(surface, self.panel, ui, alpha=225)
        keeper = shrunk_text(
            ui, _("The score keeper's sheet"), 15, self.panel.width // 3, PALETTE.gold, "bold"
        )
        blit_text(
            surface, keeper, (self.panel.x + ui.px(18), self.panel.y - ui.px(4)), "bottomleft"
        )
        y = self._draw_table(surface)
        if not state.game.rules.club:
            note = _("A hand's result: its contact points, less 10 for each tile left in hand.")
            blit_text(
                surface,
                shrunk_text(ui, note, 15, self.panel.width - ui.px(24), PALETTE.text_dim),
                (self.panel.centerx, y),
                "midtop",
            )
            y += ui.px(28)
        team_totals = state.tally().team_totals
        if team_totals is not None:
            for team, total in enumerate(team_totals):
                names = self.match.names
                words = _("Team {number}  ({first} & {second}):  {total}").format(
                    number=team + 1,
                    first=names[team],
                    second=names[team + 2],
                    total=format_number(total),
                )
                line = blit_text(
                    surface,
                    ui.text(words, 20, PALETTE.text, "bold"),
                    (self.panel.centerx, y),
                    "midtop",
                )
                y = max(y + ui.px(30), line.bottom + ui.px(4))  # large text: lines apart
        blit_text(
            surface,
            shrunk_text(
                ui,
                headline(self.match, self.final),
                34,
                self.panel.width - ui.px(24),
                PALETTE.gold,
                "title",
            ),
            (self.panel.centerx, self.panel.bottom - ui.px(24)),
            "midbottom",
        )
        notes = [] if self.final else [remaining_words(self.match)]
        if self.match.deal is not None:
            code = share_code(self.match.record)
            notes.append(
                _("Deal {deal}").format(deal=self.match.deal)
                if code is None
                else _("Deal {deal} · share code {code} (C copies it)").format(
                    deal=self.match.deal, code=code
                )
            )
        y = self.panel.bottom - ui.px(72)
        for note in reversed(notes):
            rect = blit_text(
                surface,
                shrunk_text(ui, note, 16, self.panel.width - ui.px(24), PALETTE.text_dim),
                (self.panel.centerx, y),
                "midbottom",
            )
            y = rect.top - ui.px(4)
        for words in reversed(self.match.news.final_words() if self.final else []):
            image = shrunk_text(ui, words, 19, self.panel.width - ui.px(24), PALETTE.gold, "bold")
            y = blit_text(surface, image, (self.panel.centerx, y - ui.px(6)), "midbottom").top
        self.form.draw(surface, ui)

    def _draw_table(self, surface: pygame.Surface) -> int:
        """The grid of seats and hands; returns the y below it."""
        ui = self.services.ui
        columns = score_columns(self.match)
        rows = score_rows(self.match)
        winners = set(self.match.state.tally().leaders)
        inner = self.panel.inflate(-ui.px(40), 0)
        name_w = round(inner.width * 0.24)
        other_w = (inner.width - name_w) / max(1, len(columns) - 1)
        available = self.panel.height - ui.px(150)
        row_h = min(ui.px(44), available // (len(rows) + 1))
        size = 19 if row_h >= ui.px(34) else 16
        y = self.panel.y + ui.px(18)

        def cell_x(index: int) -> int:
            if index == 0:
                return inner.x + ui.px(10)
            return round(inner.x + name_w + other_w * (index - 0.5))

        for index, heading in enumerate(columns):
            anchor = "midleft" if index == 0 else "center"
            blit_text(
                surface,
                ui.text(heading, 15, PALETTE.text_dim, "bold"),
                (cell_x(index), y + row_h // 2),
                anchor,
            )
        y += row_h
        pygame.draw.line(
            surface, PALETTE.panel_edge, (inner.x, y), (inner.right, y), max(1, ui.px(1))
        )
        for seat, row in enumerate(rows):
            if seat in winners:
                band = pygame.Rect(inner.x, y + 2, inner.width, row_h - 4)
                pygame.draw.rect(surface, (60, 80, 40), band, border_radius=ui.px(8))
            for index, value in enumerate(row):
                last = index == len(row) - 1
                colour: Colour = PALETTE.gold if last else PALETTE.text
                if value.startswith("-") and not last:
                    colour = PALETTE.penalty
                style = "bold" if index == 0 or last else "regular"
                anchor = "midleft" if index == 0 else "center"
                blit_text(
                    surface,
                    ui.text(value, size, colour, style),
                    (cell_x(index), y + row_h // 2),
                    anchor,
                )
            y += row_h
        return y + ui.px(14)
