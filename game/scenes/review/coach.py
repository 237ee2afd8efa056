"""The coach: a review of a table game (or of one hand) for the people who played it.

The worker sets every human move beside the move the master level would have played,
one move at a time (`game.play.table_advice.GameReview`: the screen counts them as they
come); the screen says, per human seat, how often they found
it and how many points they left on the table, names the game's best move, and lists
the moves worth a second look (the most points left first). Show on the board (or a
click on the chosen row) opens the replay viewer at that move with the move played and
the master's move marked.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

import pygame

from game.ai.analysis import MoveReview, TableReview
from game.i18n import N_, _, format_percent, ngettext
from game.persist.achievements import count_coached
from game.play.table_advice import GameReview
from game.rules.record.document import GameRecord
from game.scenes.base import Scene
from game.scenes.games.frame import RowList
from game.scenes.requests import ReplayRequest
from game.ui.coach_words import missed_words, table_move_words, tip_words
from game.ui.painting import blit_text
from game.ui.slip import BETTER_OUTLINE, PLAYED_OUTLINE, Focus, outlined_words
from game.ui.text import blit_paragraph, shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button
from game.ui.words import points_words

if TYPE_CHECKING:
    from game.scenes.base import Services

COLUMNS: Final = (
    (N_("Move"), 0.13),
    (N_("Player"), 0.15),
    (N_("Played"), 0.2),
    (N_("Master"), 0.2),
    (N_("Left on the table"), 0.32),
)


def worth_a_look(review: TableReview) -> list[MoveReview]:
    """The moves that left something, the most points first (then in game order)."""
    notable = [r for r in review.reviews if r.points_missed or r.opportunity is not None]
    return sorted(
        notable, key=lambda r: (-max(r.points_missed, r.opportunity_points), r.hand, r.index)
    )


class CoachScene(Scene):
    """The coach's review of a table record (of the hands in `hands`, when given)."""

    def __init__(
        self,
        services: Services,
        record: GameRecord,
        title: str = "",
        hands: tuple[int, ...] | None = None,
    ) -> None:
        super().__init__(services)
        self.record = record
        self.title = title or _("This game")
        self.hands = hands
        self.names = record.names(_("Seat {number}"))
        self.review: TableReview | None = None
        self.failed = False
        self.notable: list[MoveReview] = []
        self.list = RowList(COLUMNS, lambda _index: self.show_selected())
        self.back = self.form.add(Button(N_("◀ Back"), services.pop))
        self.show = self.form.add(Button(N_("Show on the board"), self.show_selected, primary=True))
        self.show.enabled = False
        self.summary_top = 0
        self.coaching: GameReview | None = GameReview(services.adviser, record, hands)
        self._poll()

    def _poll(self) -> bool:
        """Take the review once the worker has looked at every move; True when it just
        came (or failed)."""
        coaching = self.coaching
        if coaching is None:
            return False
        self.review = coaching.poll()
        self.failed = coaching.failed
        if self.review is None and not self.failed:
            return False
        self.coaching = None
        if self.review is None:
            return True
        count_coached(self.services.storage)
        self.notable = worth_a_look(self.review)
        self.list.set_rows(
            [
                [
                    f"{r.hand + 1}.{r.index + 1}",
                    self.names[r.player],
                    table_move_words(r.played, r.played_points),
                    table_move_words(r.best, r.best_points),
                    missed_words(r),
                ]
                for r in self.notable
            ]
        )
        self.show.enabled = bool(self.notable)
        return True

    def still_for(self) -> float:
        """The review comes from the worker: news."""
        return math.inf

    def update(self, dt: float) -> None:
        if self._poll():
            self.resize(self.services.size)  # the summary's lines push the list down

    def exit(self) -> None:
        if self.coaching is not None:
            self.coaching.cancel()

    def show_selected(self) -> None:
        if not self.notable:
            return
        chosen = self.notable[self.list.selected]
        who = self.names[chosen.player]
        lines = (
            _("Hand {hand}, move {move}: {name} played {played}.").format(
                hand=chosen.hand + 1,
                move=chosen.index + 1,
                name=who,
                played=outlined_words(
                    chosen.played,
                    table_move_words(chosen.played, chosen.played_points),
                    PLAYED_OUTLINE,
                ),
            ),
            _("The master would play {best}.").format(
                best=outlined_words(
                    chosen.best, table_move_words(chosen.best, chosen.best_points), BETTER_OUTLINE
                )
            ),
            tip_words(chosen),
        )
        focus = Focus(chosen.hand, chosen.index, chosen.played, chosen.best, lines)
        self.services.open(ReplayRequest(record=self.record, title=self.title, focus=focus))

    # layout and drawing -----------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        margin = ui.px(32)
        self.back.rect = pygame.Rect(margin, size[1] - ui.px(72), ui.px(130), ui.px(50))
        self.show.rect = pygame.Rect(0, 0, ui.px(240), ui.px(50))
        self.show.rect.topright = (size[0] - margin, self.back.rect.y)
        self.summary_top = ui.px(84)
        width = size[0] - 2 * margin
        lines = [len(ui.wrap(line, 18, width)) for line in self.summary()]
        top = (
            self.summary_top
            + sum(lines) * (ui.font(18).get_height() + ui.px(4))
            + len(lines) * ui.px(6)
            + ui.px(10)
        )
        self.list.layout(
            pygame.Rect(margin, top, size[0] - 2 * margin, self.back.rect.top - ui.px(16) - top), ui
        )

    def handle_event(self, event: pygame.Event) -> bool:
        return self.list.handle_event(event) or self.form.handle_event(event)

    def summary(self) -> list[str]:
        review = self.review
        if review is None:
            if self.failed:
                return [_("The coach could not finish this review.")]
            coaching = self.coaching
            done, total = (0, 0) if coaching is None else (coaching.looked_at, coaching.total)
            return [
                _("The coach is going over every move… {done} of {total}").format(
                    done=done, total=total
                )
            ]
        lines = []
        for seat in review.seats:
            moves = ngettext("{count} move", "{count} moves", seat.moves).format(count=seat.moves)
            lines.append(
                _(
                    "{name}: {moves}, as good as the master's in {share} of the real "
                    "choices, {points} left on the table."
                ).format(
                    name=self.names[seat.seat],
                    moves=moves,
                    share=format_percent(seat.best_share),
                    points=points_words(seat.points_missed),
                )
            )
        if not review.seats:
            lines.append(_("Nobody at this table was a person: there is nothing to coach."))
        best = review.highlight
        if best is not None:
            lines.append(
                _("Move of the game: {name}'s {move}, hand {hand}, move {number}.").format(
                    name=self.names[best.player],
                    move=table_move_words(best.move, best.points),
                    hand=best.hand + 1,
                    number=best.index + 1,
                )
            )
        return lines

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.services.ui
        surface.blit(self.services.felt(), (0, 0))
        margin = ui.px(32)
        heading = _("Coach · {title}").format(title=self.title)
        if self.hands is not None:
            heading = ngettext(
                "{heading} · hand {hands}", "{heading} · hands {hands}", len(self.hands)
            ).format(heading=heading, hands=", ".join(str(h + 1) for h in self.hands))
        blit_text(
            surface,
            shrunk_text(ui, heading, 32, surface.get_width() - 2 * margin, PALETTE.gold, "title"),
            (margin, ui.px(22)),
            "topleft",
        )
        y = self.summary_top
        width = surface.get_width() - 2 * margin
        for line in self.summary():
            y = blit_paragraph(surface, ui, line, 18, PALETTE.text, (margin, y), width) + ui.px(6)
        if self.review is not None:
            self.list.draw(surface, ui, _("Every move was as good as the master's. Well played!"))
        self.form.draw(surface, ui)
