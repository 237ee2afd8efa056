"""The words of the score sheet at a hand's end: who wins or leads, the columns and a
row per seat (each hand's result, then the game's sums), and how much is left to play.
"""

from __future__ import annotations

from game.i18n import _, format_number, format_signed, ngettext
from game.play.table_flow import TableFlow
from game.ui.words import names_words


def headline(match: TableFlow, final: bool) -> str:
    """Who wins (ties share) or leads."""
    state = match.state
    tally = state.tally()
    names = match.names
    if tally.team_totals is not None:
        teams = sorted({seat % 2 for seat in tally.leaders})
        if len(teams) > 1:
            return _("The teams share the win") if final else _("The teams are level")
        team = teams[0]
        words = (
            _("Team {number} ({first} & {second}) wins")
            if final
            else _("Team {number} ({first} & {second}) leads")
        )
        return words.format(number=team + 1, first=names[team], second=names[team + 2])
    winners = [names[s] for s in tally.leaders]
    if len(winners) == 1:
        words = _("{name} wins!") if final else _("{name} leads")
        return words.format(name=winners[0])
    words = _("{names} share the win!") if final else _("{names} are level")
    return words.format(names=names_words(winners))


def score_columns(match: TableFlow) -> list[str]:
    """The sheet's column headings: the player, each hand, then the game's sums."""
    state = match.state
    hands = [_("Hand {number}").format(number=i + 1) for i in range(len(state.sheet.results))]
    if state.game.rules.spanish_club:
        return [_("Player"), *hands, _("Chips"), _("Owes"), _("Is owed"), _("Standing")]
    if state.game.rules.club:
        return [_("Player"), *hands, _("Chips"), _("Owed"), _("Standing")]
    return [_("Player"), *hands, _("Contacts"), _("Penalties"), _("Total")]


def score_rows(match: TableFlow) -> list[list[str]]:
    """One row per seat: each hand's net result, then the game's contact points and
    tile penalties (they add up to the total, as the hands do)."""
    state = match.state
    tally = state.tally()
    rows = []
    for seat in range(state.players):
        hands = [format_signed(result[seat]) for result in state.sheet.results]
        if state.game.rules.club:
            lent = [state.sheet.chips_lent[seat]] if state.game.rules.spanish_club else []
            tail = [
                format_number(chips)
                for chips in (
                    state.sheet.chips_held[seat],
                    state.sheet.chips_owed[seat],
                    *lent,
                    tally.standings[seat],
                )
            ]
        else:
            points = sum(hand[seat] for hand in state.sheet.points_history)
            penalty = points - tally.totals[seat]
            tail = [
                format_number(points),
                format_signed(-penalty),
                format_number(tally.totals[seat]),
            ]
        rows.append([match.names[seat], *hands, *tail])
    return rows


def remaining_words(match: TableFlow) -> str:
    """How much of the game is left to play, in words."""
    rules = match.state.game.rules
    if rules.timed:
        return _("Club game against the clock: hands go on until the time runs out.")
    if rules.target is not None:
        words = (
            _("Hands go on until a team's total reaches {points} points.")
            if rules.partners
            else _("Hands go on until a player's total reaches {points} points.")
        )
        return words.format(points=format_number(rules.target))
    left = rules.hands - len(match.state.sheet.results)
    return ngettext("{count} more hand to play.", "{count} more hands to play.", left).format(
        count=left
    )
