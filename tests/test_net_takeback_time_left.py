"""A take-back asked tells the time left to answer it, not the whole time
(docs/protocol.md "Take-backs"): to one who watches, rejoins or takes a seat while it is
pending, and to everyone when a seat accepts and others are still asked."""

from __future__ import annotations

from game.net.messages import rejoin_frame, watch_frame
from game.net.takeback_messages import ANSWER_S, takeback_answer_frame, takeback_frame
from tests.net_helpers import Inbox, ManualClock, open_table
from tests.test_net_takebacks import place, registry, seats_from_mover


def test_a_takeback_asked_tells_a_late_comer_and_the_others_the_time_left() -> None:
    clock = ManualClock()
    server = registry(clock)
    table, inboxes, tokens = open_table(server, ["remote", "remote", "remote"])
    a, b, c = seats_from_mover(table)
    place(table, inboxes)
    assert inboxes[a].send(takeback_frame(table.code, a))[-1]["answer_s"] == ANSWER_S
    clock.now += 25.4
    (asked,) = Inbox(server, "10.0.9.1").send(watch_frame(table.code))[-1:]
    assert (asked["type"], asked["answer_s"]) == ("takeback-asked", ANSWER_S - 25)
    again = Inbox(server, "10.0.9.2").send(rejoin_frame(table.code, tokens[c]))
    assert [m["answer_s"] for m in again if m["type"] == "takeback-asked"] == [ANSWER_S - 25]
    clock.now += 10
    told = inboxes[b].send(takeback_answer_frame(table.code, b, True))[-1]
    assert (told["waiting"], told["answer_s"]) == ([c], ANSWER_S - 35)
    clock.now += ANSWER_S  # past its time, not yet swept: still a time to answer in
    assert Inbox(server, "10.0.9.3").send(watch_frame(table.code))[-1]["answer_s"] == 1
