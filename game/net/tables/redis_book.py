"""The players' book in Redis (`PlayerBook`), one book for every server of a store
(`python -m game.server --store redis://...`); a server on its files keeps `FileBook`.

The book keeps, beside the tables (`redis_store.py`):
- `contack:player-keys`, a hash: each key's sha256 to its player's public id (PID);
- `contack:key-set:PID`, a set per player: the sha256 of each key said in a `hello` as
  theirs or bound to them (a computer linked), so that replacing a key finds the others;
- `contack:replaced-keys`, a set: the sha256 of every replaced key (refused for good);
- `contack:link:CODE`, a link code's sha256 to its player, for ten minutes, and
  `contack:link-of:PID`, the player's live code (keys.py);
- `contack:player:PID`, a hash per player: `name`, `mu`, `sigma` (as Python writes the
  floats, so they read back exactly) and `games`;
- `contack:rated`, a hash: each rated game's changes (JSON);
- `contack:ratings`, a sorted set of the established players (`ESTABLISHED` rated games),
  by `order`;
- `contack:spoke:WHO`: when a player (or a network) last said a line of chat, for a
  minute (chat.py: one line a second across every server);
- `contack:met:PID:PID`, a sorted set per pair of players: their rated games, by when
  each was rated (it expires a day after the last; `ratings.py` counts repeats).

A rated game is kept by one Lua script, in one atomic step: its changes, its players' new
ratings and their places. A game kept already is not kept again (two servers that see
its end both rate it; the second takes the first's changes), and a script that finds a
player's count of games not what it was read at changes nothing (`CardsChanged`: another
game of theirs was rated meanwhile), so no game's change is ever lost or made twice,
whichever server stops when.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from typing import Any, Final

from game.net.tables.players import (
    ESTABLISHED,
    MET_KEPT_S,
    START_MU,
    START_SIGMA,
    Card,
    CardsChanged,
    RatingChange,
    RatingsPage,
    key_hash,
    new_pid,
    order,
    pair,
)
from game.net.tables.redis_store import PREFIX, TIMEOUT_S, answering, client_for
from game.net.tables.turns import UNSHARED, Unshared

KEYS: Final = PREFIX + "player-keys"
REPLACED: Final = PREFIX + "replaced-keys"
RATED: Final = PREFIX + "rated"
RATINGS: Final = PREFIX + "ratings"
_RATING: Final = ("mu", "sigma", "games")
_FIELDS: Final = ("name", *_RATING)

_RATE: Final = """
local kept = redis.call('HGET', KEYS[1], ARGV[1])
if kept then return {0, kept} end
for i = 3, #KEYS do
  local games = tonumber(redis.call('HGET', KEYS[i], 'games') or '0')
  if games ~= tonumber(ARGV[(i - 3) * 5 + 3]) - 1 then return {-1, ''} end
end
for i = 3, #KEYS do
  local at = (i - 3) * 5 + 3
  redis.call('HSET', KEYS[i], 'games', ARGV[at], 'mu', ARGV[at + 1], 'sigma', ARGV[at + 2])
  if ARGV[at + 3] ~= '' then redis.call('ZADD', KEYS[2], ARGV[at + 3], ARGV[at + 4]) end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return {1, ARGV[2]}
"""


_SPEAK: Final = """
local last = redis.call('GET', KEYS[1])
if last and tonumber(ARGV[1]) - tonumber(last) < tonumber(ARGV[2]) then return false end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
return last or ''
"""
SPOKE_KEPT_S: Final = 60
"""How long Redis remembers a speaker's last line (far longer than a turn to speak)."""


_MOVE: Final = """
local pid = redis.call('HGET', KEYS[1], ARGV[1])
if not pid or redis.call('HEXISTS', KEYS[1], ARGV[2]) == 1 then return 0 end
redis.call('HSET', KEYS[1], ARGV[2], pid)
redis.call('HDEL', KEYS[1], ARGV[1])
return 1
"""


_BIND: Final = """
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 0 end
if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 1 then return 0 end
if redis.call('EXISTS', KEYS[4]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('SADD', KEYS[3], ARGV[1])
return 1
"""
"""Bind a new key to a player: the keys, the replaced keys, the player's keys, the
player's card; the key's hash and the PID."""

_REPLACE: Final = """
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 0 end
if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 1 then return 0 end
if redis.call('HGET', KEYS[1], ARGV[3]) ~= ARGV[2] then return 0 end
local old = redis.call('SMEMBERS', KEYS[3])
table.insert(old, ARGV[3])
for _, hashed in ipairs(old) do
  if redis.call('HGET', KEYS[1], hashed) == ARGV[2] then
    redis.call('HDEL', KEYS[1], hashed)
    redis.call('SADD', KEYS[2], hashed)
  end
end
redis.call('DEL', KEYS[3])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('SADD', KEYS[3], ARGV[1])
local code = redis.call('GET', KEYS[4])
if code then redis.call('DEL', ARGV[4] .. code, KEYS[4]) end
return 1
"""
"""Make a key a player's only key, in one atomic step (the player's live link code no
longer binds): the keys, the replaced keys, the player's keys, the player's live code;
the new key's hash, the PID, the asking connection's key's hash and what names a code."""

_REDEEM: Final = """
local pid = redis.call('GET', KEYS[1])
if pid then redis.call('DEL', KEYS[1]) end
return pid
"""


def key_set(pid: str) -> str:
    return f"{PREFIX}key-set:{pid}"


def link_key(code: str) -> str:
    return f"{PREFIX}link:{code}"


def link_of(pid: str) -> str:
    return f"{PREFIX}link-of:{pid}"


def spoke_key(who: str) -> str:
    return f"{PREFIX}spoke:{who}"


def player_key(pid: str) -> str:
    return f"{PREFIX}player:{pid}"


def met_key(first: str, second: str) -> str:
    return PREFIX + "met:" + ":".join(pair(first, second))


def _card(pid: str, fields: Any) -> Card | None:
    """The card of `pid` from its hash's `_FIELDS`, as HMGET answers them (None: no such
    player)."""
    name, *rating = fields
    return None if name is None else _named(pid, name, rating)


def _named(pid: str, name: str, rating: Any) -> Card:
    """The card of `pid`, named `name`, from its hash's `_RATING` fields (a player never
    rated has none)."""
    mu, sigma, games = rating
    return Card(
        pid,
        name,
        START_MU if mu is None else float(mu),
        START_SIGMA if sigma is None else float(sigma),
        int(games or 0),
    )


class RedisBook:
    """The players of every server on the Redis at `url` (`OSError` when it does not
    answer within `timeout_s`)."""

    def __init__(self, url: str, timeout_s: float = TIMEOUT_S, turns: Unshared = UNSHARED) -> None:
        self.client = client_for(url, timeout_s)
        self.turns = turns
        self._rate = self.client.register_script(_RATE)
        self._speak = self.client.register_script(_SPEAK)
        self._move = self.client.register_script(_MOVE)
        self._bind = self.client.register_script(_BIND)
        self._replace = self.client.register_script(_REPLACE)
        self._redeem = self.client.register_script(_REDEEM)

    def enter(self, key: str, name: str) -> Card:
        hashed = key_hash(key)
        with answering(self.turns):
            pid = self.client.hget(KEYS, hashed)
            if pid is None:  # a first hello: the first server to write the PID wins
                self.client.hsetnx(KEYS, hashed, new_pid())
                pid = self.client.hget(KEYS, hashed)
            with self.client.pipeline(transaction=True) as writing:
                writing.hset(player_key(str(pid)), "name", name)
                writing.hmget(player_key(str(pid)), _RATING)
                writing.sadd(key_set(str(pid)), hashed)
                _, rating, _ = writing.execute()
        return _named(str(pid), name, rating)

    def changes(self, key: str, name: str) -> bool:
        with answering(self.turns):
            pid = self.client.hget(KEYS, key_hash(key))
            return pid is None or self.client.hget(player_key(str(pid)), "name") != name

    def move(self, was: str, key: str) -> None:
        with answering(self.turns):
            self._move(keys=[KEYS], args=[key_hash(was), key_hash(key)])

    def card(self, pid: str) -> Card | None:
        with answering(self.turns):
            fields = self.client.hmget(player_key(pid), _FIELDS)
        return _card(pid, fields)

    def bind(self, hashed: str, pid: str) -> bool:
        keys = [KEYS, REPLACED, key_set(pid), player_key(pid)]
        with answering(self.turns):
            return bool(self._bind(keys=keys, args=[hashed, pid]))

    def replace(self, pid: str, hashed: str, current: str) -> bool:
        with answering(self.turns):
            keys = [KEYS, REPLACED, key_set(pid), link_of(pid)]
            done = self._replace(keys=keys, args=[hashed, pid, current, link_key("")])
        return bool(done)

    def replaced(self, hashed: str) -> bool:
        with answering(self.turns):
            return bool(self.client.sismember(REPLACED, hashed))

    def replaced_among(self, hashes: Iterable[str]) -> set[str]:
        """Those of the key hashes `hashes` whose keys were replaced (one call to Redis)."""
        ordered = sorted(set(hashes))
        if not ordered:
            return set()
        with answering(self.turns):
            found = self.client.smismember(REPLACED, ordered)
        return {hashed for hashed, gone in zip(ordered, found, strict=True) if gone}

    def offer(self, pid: str, code: str, now: float, lasting_s: float) -> None:
        lasting = max(1, math.ceil(lasting_s))
        with answering(self.turns):
            before = self.client.get(link_of(pid))
            with self.client.pipeline(transaction=True) as writing:
                if before is not None:
                    writing.delete(link_key(str(before)))
                writing.set(link_key(code), pid, ex=lasting)
                writing.set(link_of(pid), code, ex=lasting)
                writing.execute()

    def redeem(self, code: str, now: float) -> str | None:
        with answering(self.turns):
            pid = self._redeem(keys=[link_key(code)])
        return None if pid is None else str(pid)

    def rated(
        self, game: str, changes: list[RatingChange], cards: Iterable[Card]
    ) -> list[RatingChange]:
        players = list(cards)
        told = json.dumps(changes)
        values: list[str | int] = [game, told]
        for card in players:
            place = repr(order(card)) if card.games >= ESTABLISHED else ""  # not on the board
            values += [card.games, repr(card.mu), repr(card.sigma), place, card.pid]
        keys = [RATED, RATINGS, *(player_key(card.pid) for card in players)]
        with answering(self.turns):
            written, kept = self._rate(keys=keys, args=values)
        if written == -1:
            raise CardsChanged(game)
        return changes if written == 1 else self._changes(kept)

    def game(self, game: str) -> list[RatingChange] | None:
        with answering(self.turns):
            kept = self.client.hget(RATED, game)
        return None if kept is None else self._changes(str(kept))

    def board(self, start: int, count: int) -> RatingsPage:
        with answering(self.turns):
            with self.client.pipeline(transaction=True) as ranking:
                ranking.zrevrange(RATINGS, start, start + count - 1)
                ranking.zcard(RATINGS)
                listed, total = ranking.execute()
            pids = [pid for pid in listed if isinstance(pid, str)]
            with self.client.pipeline(transaction=False) as reading:
                for pid in pids:
                    reading.hmget(player_key(pid), _FIELDS)
                found = reading.execute()
        cards = [_card(pid, fields) for pid, fields in zip(pids, found, strict=True)]
        return RatingsPage([card for card in cards if card is not None], int(total))

    def place(self, pid: str) -> int | None:
        with answering(self.turns):
            place: Any = self.client.zrevrank(RATINGS, pid)
        return None if place is None else int(place)

    def met(self, first: str, second: str, since: float) -> int:
        with answering(self.turns):
            return int(self.client.zcount(met_key(first, second), since, "+inf"))

    def meet(self, players: Sequence[str], game: str, now: float) -> None:
        with answering(self.turns), self.client.pipeline(transaction=True) as writing:
            for number, first in enumerate(players):
                for second in players[number + 1 :]:
                    writing.zadd(met_key(first, second), {game: now})
                    writing.expire(met_key(first, second), MET_KEPT_S)
            writing.execute()

    def speak(self, who: str, now: float, every_s: float) -> float | None:
        with answering(self.turns):
            last = self._speak(keys=[spoke_key(who)], args=[repr(now), every_s, SPOKE_KEPT_S])
        if last is None:
            return None
        return float(last) if last else -math.inf

    def unsay(self, who: str, before: float) -> None:
        with answering(self.turns):
            if before == -math.inf:
                self.client.delete(spoke_key(who))
            else:
                self.client.set(spoke_key(who), repr(before), ex=SPOKE_KEPT_S)

    @staticmethod
    def _changes(kept: str) -> list[RatingChange]:
        changes: list[RatingChange] = json.loads(kept)
        return changes
