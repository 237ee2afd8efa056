"""Screenshot targets of the turn notices by e-mail (registered into
`screenshot_targets`): the club's screen of notices, a code awaited and notices on. The
scripted club of tools/club_peer.py answers in a thread on loopback."""

from __future__ import annotations

from typing import Any

from game.app import App
from game.net.club import ClubSession
from game.scenes.club.hello import club_hello
from game.scenes.club.notices import NoticesScene
from tools.screenshot_club import _club, _heard
from tools.screenshot_targets import Record, Shot, target

ADDRESS = "ann.lopez@example.org"  # untranslated: an address


def _notices(app: App, **told: Any) -> Shot:
    """The notices' screen once the club told it `told` (its notice settings)."""
    club = _club(app)
    club.notices = {"address": None, "confirmed": False, "on": True} | told
    scene = NoticesScene(app, ClubSession(club.address, club_hello(app), follow=False))

    def answered() -> None:
        _heard(scene.session, lambda session: session.notices is not None)
        scene.address.text = told.get("address") or ""

    return Shot(scene, answered)


@target("club-notices-code")
def _club_notices_code(app: App, record: Record) -> Shot:
    """Turn notices by e-mail: a code mailed to the address given, awaited."""
    return _notices(app, address=ADDRESS)


@target("club-notices-on")
def _club_notices_on(app: App, record: Record) -> Shot:
    """Turn notices by e-mail: the address confirmed, notices on."""
    return _notices(app, address=ADDRESS, confirmed=True)
